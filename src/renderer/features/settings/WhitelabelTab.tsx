import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES, LOGO_MODES, type LogoMode } from '../../../shared/api/settings';
import { type PlatformSettingKey, platformSettingSchemas } from '../../../shared/settings';
import { useBrandingAsset } from '../../app/whitelabel';
import { toast } from '../../ui/toast';
import { LoadState } from './LoadState';
import { OptionSection } from './OptionsTab';
import { usePlatformSettings, useUpdatePlatformSetting, useUploadLogo } from './usePlatformSettings';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** The super administrator's whitelabel tab (2-administration §2.7, §3 whitelabel keys) and platform switches. */
export function WhitelabelTab() {
  const { t } = useTranslation('settings');
  const settings = usePlatformSettings();
  const update = useUpdatePlatformSetting();
  if (!settings.data) {
    return (
      <LoadState
        loading={settings.isPending}
        loadingLabel={t('page.loading')}
        errorText={t('page.loadError')}
        onRetry={() => settings.refetch()}
      />
    );
  }
  const values = settings.data;
  const save = (key: PlatformSettingKey, value: string) => update.mutate({ key, value });
  const text = (key: PlatformSettingKey, hint?: string) => (
    <PlatformText
      settingKey={key}
      label={t(`whitelabel.${key}`)}
      hint={hint}
      value={values[key] ?? ''}
      onSave={(value) => save(key, value)}
    />
  );
  const toggle = (key: PlatformSettingKey) => (
    <FormControlLabel
      label={t(`whitelabel.${key}`)}
      control={
        <Switch
          checked={values[key] === 'enabled'}
          onChange={(_, on) => save(key, on ? 'enabled' : 'disabled')}
        />
      }
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <OptionSection title={t('whitelabel.brand')}>
        {text('appName')}
        <Box />
        <ColorSetting
          label={t('whitelabel.primaryColorLight')}
          value={values.primaryColorLight ?? ''}
          onSave={(value) => save('primaryColorLight', value)}
        />
        <ColorSetting
          label={t('whitelabel.primaryColorDark')}
          value={values.primaryColorDark ?? ''}
          onSave={(value) => save('primaryColorDark', value)}
        />
      </OptionSection>
      <OptionSection title={t('whitelabel.logos')}>
        {LOGO_MODES.map((mode) => (
          <LogoSetting key={mode} mode={mode} value={values[`appLogo${mode}`] ?? ''} />
        ))}
      </OptionSection>
      <OptionSection title={t('whitelabel.platform')}>
        {toggle('allowSignup')}
        {toggle('userCreation')}
        {text('supportLink', t('whitelabel.supportLinkHint'))}
      </OptionSection>
    </Box>
  );
}

/** A text saved when left (or on Enter) if it changed and its key's rule accepts it. */
function PlatformText({
  settingKey,
  label,
  hint,
  value,
  onSave,
}: {
  settingKey: PlatformSettingKey;
  label: string;
  hint?: string;
  value: string;
  onSave(value: string): void;
}) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState(value);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft === value) return;
    const valid = platformSettingSchemas[settingKey].safeParse(draft).success;
    setInvalid(!valid);
    if (valid) onSave(draft);
  };
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') (event.target as HTMLElement).blur();
      }}
      error={invalid}
      helperText={invalid ? t('invalidValue') : hint}
    />
  );
}

/** A colour picked with the system's picker, saved once chosen. */
function ColorSetting({
  label,
  value,
  onSave,
}: {
  label: string;
  value: string;
  onSave(value: string): void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <TextField
      size="small"
      fullWidth
      type="color"
      label={label}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => draft.toLowerCase() !== value.toLowerCase() && onSave(draft)}
    />
  );
}

function LogoSetting({ mode, value }: { mode: LogoMode; value: string }) {
  const { t } = useTranslation('settings');
  const upload = useUploadLogo();
  const preview = useBrandingAsset(value);
  const inputId = useId();
  const label = t(`whitelabel.modes.${mode}`);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box
        sx={{
          width: 64,
          height: 64,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          flexShrink: 0,
        }}
      >
        {preview && (
          <Box
            component="img"
            src={preview}
            alt={t('whitelabel.current', { mode: label })}
            sx={{ maxWidth: '100%', maxHeight: '100%' }}
          />
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2">{label}</Typography>
        <Button
          component="label"
          htmlFor={inputId}
          size="small"
          variant="outlined"
          disabled={upload.isPending}
        >
          {t('whitelabel.upload')}
          <input
            id={inputId}
            hidden
            type="file"
            accept={IMAGE_ACCEPT}
            aria-label={`${t('whitelabel.upload')}: ${label}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              if (file.size > LOGO_MAX_BYTES) toast.error(t('whitelabel.tooBig'));
              else upload.mutate({ mode, file });
            }}
          />
        </Button>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('whitelabel.uploadHint')}
        </Typography>
      </Box>
    </Box>
  );
}
