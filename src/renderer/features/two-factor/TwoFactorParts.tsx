import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '../../../shared/api/auth';

/** A started enrolment: the QR code for the authenticator app, and the same secret as a key to type. */
export function TwoFactorKey({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation('twoFactor');
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="body2">{t('setup.scan')}</Typography>
      <Box component="img" src={setup.qrCode} alt={t('setup.qrAlt')} sx={{ width: 200, height: 200 }} />
      <TextField
        label={t('setup.key')}
        value={setup.secret}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
      />
    </Stack>
  );
}

/** The code of the authenticator app (or, where it is taken, a recovery code). */
export function TwoFactorCodeField({
  value,
  onChange,
  recovery = false,
  autoFocus = false,
}: {
  value: string;
  onChange(value: string): void;
  /** Whether a recovery code is taken too (sign-in, switching off), not only the app's code. */
  recovery?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('twoFactor');
  return (
    <TextField
      label={t('code.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={t(recovery ? 'code.helpWithRecovery' : 'code.help')}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      fullWidth
      margin="normal"
      required
      slotProps={{ htmlInput: { maxLength: 40, inputMode: recovery ? 'text' : 'numeric' } }}
    />
  );
}

/** The recovery codes of a confirmed enrolment, shown this once. */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('twoFactor');
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('recovery.help')}</Typography>
      <Box
        component="ul"
        aria-label={t('recovery.list')}
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, 1fr)',
          gap: 1,
          fontFamily: 'monospace',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
    </Stack>
  );
}
