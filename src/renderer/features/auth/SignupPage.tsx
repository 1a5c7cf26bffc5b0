import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { signupBody } from '../../../shared/api/auth';
import { api } from '../../../shared/api/index';
import type { Plan } from '../../../shared/api/plans';
import { formatBrl } from '../../../shared/money';
import { usePublicSetting } from '../../app/whitelabel';
import { useBridge } from '../../bridge/context';
import { translateValidation } from '../../ui/error-message';
import { toast, toastError } from '../../ui/toast';
import { AuthForm, AuthLayout } from './AuthLayout';

type SignupInput = z.input<typeof signupBody>;
type SignupOutput = z.output<typeof signupBody>;

// 2-administration §9: currency BRL, locale pt-br, 2 decimals.

const TEXT_FIELDS = [
  { name: 'companyName', autoComplete: 'organization', type: 'text' },
  { name: 'name', autoComplete: 'name', type: 'text' },
  { name: 'email', autoComplete: 'email', type: 'email' },
  { name: 'password', autoComplete: 'new-password', type: 'password' },
  { name: 'phone', autoComplete: 'tel', type: 'tel' },
] as const;

/**
 * /signup (1-attendance §2, §5; 2-administration §2.8): a new company with its first admin. With signup
 * disabled the page says so up front instead of a form whose submission would be refused.
 */
export default function SignupPage() {
  const { t } = useTranslation();
  const allowSignup = usePublicSetting('allowSignup');
  if (allowSignup.data !== 'disabled') return <SignupForm />;
  return (
    <AuthLayout title={t('auth:signup.title')}>
      <Alert severity="info">{t('auth:signup.disabled')}</Alert>
      <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth:signup.login')}
      </Link>
    </AuthLayout>
  );
}

function SignupForm() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plans = useQuery({
    queryKey: ['plans', 'public'],
    queryFn: () => bridge.request(api.plans.listPublic, { query: {} }),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver: zodResolver(signupBody),
    defaultValues: {
      companyName: '',
      name: '',
      email: '',
      password: '',
      phone: '',
      planId: '',
      companyId: params.get('companyId') ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await bridge.request(api.auth.signup, { body: values });
      toast.success(t('auth:signup.success'));
      navigate('/login');
    } catch (error) {
      toastError(error);
    }
  });

  const planLabel = (plan: Plan) =>
    t('auth:signup.planOption', {
      name: plan.name,
      users: plan.users,
      connections: plan.connections,
      queues: plan.queues,
      price: formatBrl(plan.amount),
    });

  return (
    <AuthLayout title={t('auth:signup.title')}>
      <AuthForm onSubmit={submit} submitLabel={t('auth:signup.submit')} submitting={isSubmitting}>
        {TEXT_FIELDS.map((field, index) => (
          <TextField
            key={field.name}
            {...register(field.name)}
            label={t(`auth:signup.${field.name}`)}
            type={field.type}
            autoComplete={field.autoComplete}
            autoFocus={index === 0}
            required={field.name !== 'password'}
            fullWidth
            margin="dense"
            error={Boolean(errors[field.name])}
            helperText={translateValidation(errors[field.name]?.message, t)}
          />
        ))}
        <Controller
          name="planId"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={t('auth:signup.plan')}
              required
              fullWidth
              margin="dense"
              name={field.name}
              inputRef={field.ref}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              error={Boolean(errors.planId)}
              helperText={translateValidation(errors.planId?.message, t)}
            >
              {(plans.data ?? []).map((plan) => (
                <MenuItem key={plan.id} value={plan.id}>
                  {planLabel(plan)}
                </MenuItem>
              ))}
              {plans.data?.length === 0 && (
                <MenuItem value="" disabled>
                  {t('auth:signup.noPlans')}
                </MenuItem>
              )}
            </TextField>
          )}
        />
      </AuthForm>
      <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth:signup.login')}
      </Link>
    </AuthLayout>
  );
}
