import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import { loginBody, type TwoFactorSetup } from '../../../shared/api/auth';
import { ApiError, type SessionInfo } from '../../../shared/bridge';
import { useSessionActions } from '../../app/session-actions';
import { usePublicSetting } from '../../app/whitelabel';
import { useBridge } from '../../bridge/context';
import { translateValidation } from '../../ui/error-message';
import { InfoDialog } from '../../ui/InfoDialog';
import { toastError } from '../../ui/toast';
import { usePasswordReveal } from '../../ui/usePasswordReveal';
import { RecoveryCodesList, TwoFactorCodeField, TwoFactorKey } from '../two-factor/TwoFactorParts';
import { AuthForm, AuthLayout } from './AuthLayout';

type LoginValues = z.input<typeof loginBody>;

interface SecondStep {
  credentials: { email: string; password: string };
  /** Set when the company requires two-factor and the user enrols now: the key to add to the app. */
  setup?: TwoFactorSetup;
}

/**
 * The code step of a two-factor sign-in (docs/behaviour.md "Two-factor sign-in"): the app's code or a
 * recovery code; or, for a required enrolment, the key and a first code, then the recovery codes once.
 */
function SecondStepForm({ step, onBack }: { step: SecondStep; onBack(): void }) {
  const { t } = useTranslation();
  const { login, enter } = useSessionActions();
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [signedIn, setSignedIn] = useState<SessionInfo | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      const session = await login({ ...step.credentials, code: code.trim() });
      if (session.recoveryCodes?.length) setSignedIn(session);
    } catch (error) {
      toastError(error);
    } finally {
      setSubmitting(false);
    }
  };

  if (signedIn?.recoveryCodes) {
    return (
      <AuthLayout title={t('twoFactor:recovery.title')}>
        <RecoveryCodesList codes={signedIn.recoveryCodes} />
        <Button variant="contained" fullWidth size="large" sx={{ mt: 2 }} onClick={() => enter(signedIn)}>
          {t('twoFactor:recovery.done')}
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t(step.setup ? 'twoFactor:login.enrolTitle' : 'twoFactor:login.codeTitle')}>
      <AuthForm onSubmit={submit} submitLabel={t('auth:login.submit')} submitting={submitting}>
        {step.setup && (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('twoFactor:login.enrolHelp')}
            </Typography>
            <TwoFactorKey setup={step.setup} />
          </>
        )}
        <TwoFactorCodeField value={code} onChange={setCode} recovery={!step.setup} autoFocus />
      </AuthForm>
      <Link component="button" type="button" variant="body2" sx={{ alignSelf: 'center' }} onClick={onBack}>
        {t('twoFactor:login.back')}
      </Link>
    </AuthLayout>
  );
}

/**
 * /login (1-attendance §2): email and password; the signup link only when allowSignup is 'enabled'.
 * "Forgot my password" tells to ask an administrator: the platform sends no e-mail (docs/decisions.md).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useSessionActions();
  const bridge = useBridge();
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

  // The second step of a two-factor sign-in: the e-mail and password passed, the code (or an enrolment) is asked.
  const [second, setSecond] = useState<SecondStep | null>(null);

  const submit = handleSubmit(async (values) => {
    const credentials = { email: values.email.trim(), password: values.password };
    try {
      await login(credentials);
    } catch (error) {
      const code = error instanceof ApiError ? error.message : '';
      if (code === 'ERR_2FA_REQUIRED') setSecond({ credentials });
      else if (code === 'ERR_2FA_ENROLMENT_REQUIRED') {
        try {
          setSecond({
            credentials,
            setup: await bridge.request(api.auth.twoFactorEnrol, { body: credentials }),
          });
        } catch (enrolError) {
          toastError(enrolError);
        }
      } else toastError(error);
    }
  });

  if (second) return <SecondStepForm step={second} onBack={() => setSecond(null)} />;

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
