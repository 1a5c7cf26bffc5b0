import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../ui/FormFields';
import type { ConnectionFormValues } from './connection-form';

const numeric = { htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } } as const;

/**
 * A WhatsApp Cloud API connection's account in the connection dialog: the phone number id and the
 * business account id from Meta's WhatsApp Manager, and the token (written, never shown again).
 */
export function CloudApiFields({
  control,
  creating,
}: {
  control: Control<ConnectionFormValues>;
  creating: boolean;
}) {
  const { t } = useTranslation('connections');
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('cloudApi.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="cloudApi.phoneNumberId"
          label={t('cloudApi.phoneNumberId')}
          required
          slotProps={numeric}
        />
        <FormTextField
          control={control}
          name="cloudApi.wabaId"
          label={t('cloudApi.wabaId')}
          required
          slotProps={numeric}
        />
      </Stack>
      <FormTextField
        control={control}
        name="cloudApi.token"
        label={t('cloudApi.token')}
        required={creating}
        type="password"
        autoComplete="off"
        helperText={creating ? undefined : t('cloudApi.tokenKept')}
      />
    </Stack>
  );
}
