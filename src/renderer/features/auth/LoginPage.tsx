import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import { loginBody } from '../../../shared/api/auth';
import { useSessionActions } from '../../app/session-actions';
import { usePublicSetting } from '../../app/whitelabel';
import { translateValidation } from '../../ui/error-message';
import { InfoDialog } from '../../ui/InfoDialog';
import { toastError } from '../../ui/toast';
import { usePasswordReveal } from '../../ui/usePasswordReveal';
import { AuthForm, AuthLayout } from './AuthLayout';

type LoginValues = z.input<typeof loginBody>;

/**
 * /login (1-attendance §2): email and password; the signup link only when allowSignup is 'enabled'.
 * "Forgot my password" tells to ask an administrator: the platform sends no e-mail (docs/decisions.md).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useSessionActions();
  const allowSignup = usePublicSetting('allowSignup');
  const [forgotOpen, setForgotOpen] = useState(false);
  const password = usePasswordReveal({
    show: t('auth:login.showPassword'),
    hide: t('auth:login.hidePassword'),
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      await login({ email: values.email.trim(), password: values.password });
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <AuthLayout title={t('auth:login.title')}>
      <AuthForm onSubmit={submit} submitLabel={t('auth:login.submit')} submitting={isSubmitting}>
        <TextField
          {...register('email')}
          label={t('auth:login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          margin="normal"
          required
          error={Boolean(errors.email)}
          helperText={translateValidation(errors.email?.message, t)}
        />
        <TextField
          {...register('password')}
          label={t('auth:login.password')}
          type={password.type}
          autoComplete="current-password"
          fullWidth
          margin="normal"
          required
          error={Boolean(errors.password)}
          helperText={translateValidation(errors.password?.message, t)}
          slotProps={{ input: { endAdornment: password.toggle } }}
        />
      </AuthForm>
      <Link
        component="button"
        type="button"
        variant="body2"
        sx={{ alignSelf: 'center' }}
        onClick={() => setForgotOpen(true)}
      >
        {t('auth:login.forgot')}
      </Link>
      {forgotOpen && (
        <InfoDialog title={t('auth:login.forgotTitle')} onClose={() => setForgotOpen(false)}>
          <Typography>{t('auth:login.forgotHelp')}</Typography>
        </InfoDialog>
      )}
      {allowSignup.data === 'enabled' && (
        <Link component={RouterLink} to="/signup" variant="body2" sx={{ alignSelf: 'center' }}>
          {t('auth:login.signup')}
        </Link>
      )}
    </AuthLayout>
  );
}
