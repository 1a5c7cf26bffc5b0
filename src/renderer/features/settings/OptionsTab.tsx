import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VALIDATION } from '../../../shared/errors';
import {
  type CompanySettingKey,
  type CompanySettings,
  companySettingSchemas,
  missingRequiredMessage,
  REQUIRED_SETTING_MESSAGES,
} from '../../../shared/settings';
import { errorMessage } from '../../ui/error-message';
import { toast } from '../../ui/toast';
import { controlFor, OPTION_GROUPS } from './settings-options';
import { useUpdateCompanySetting } from './useSettings';

// biome-ignore lint/suspicious/noTemplateCurlyInString: the transfer message's placeholder, not a template.
const QUEUE_NAME_PLACEHOLDER = '${queue.name}';

type FieldErrors = Partial<Record<CompanySettingKey, string>>;

/** Saving `key` settles its own error and, for a switch, the error of the message it needs. */
function errorsAfterSaving(errors: FieldErrors, key: CompanySettingKey): FieldErrors {
  const settled = new Set<CompanySettingKey>([key]);
  for (const rule of REQUIRED_SETTING_MESSAGES) if (rule.toggle === key) settled.add(rule.message);
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !settled.has(k as CompanySettingKey)));
}

/** 2-administration §2.7 options tab: each change is saved on its own at once (§4.5). */
export function OptionsTab({ settings }: { settings: CompanySettings }) {
  const { t } = useTranslation('settings');
  const update = useUpdateCompanySetting();
  const [errors, setErrors] = useState<FieldErrors>({});

  /** Saves one key unless §5 says a message is missing; answers whether it was sent. */
  const save = (key: CompanySettingKey, value: string): boolean => {
    const missing = missingRequiredMessage({ ...settings, [key]: value } as CompanySettings, key);
    if (missing) {
      setErrors((current) => ({ ...current, [missing]: VALIDATION.required }));
      if (missing !== key) toast.error(t('needsMessage', { message: t(`options.${missing}`) }));
      return false;
    }
    setErrors((current) => errorsAfterSaving(current, key));
    update.mutate({ key, value });
    return true;
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {OPTION_GROUPS.map(({ group, keys }) => (
        <OptionSection key={group} title={t(`groups.${group}`)}>
          {keys.map((key) => (
            <SettingControl
              key={key}
              settingKey={key}
              value={settings[key]}
              error={errors[key]}
              onSave={(value) => save(key, value)}
            />
          ))}
        </OptionSection>
      ))}
    </Box>
  );
}

/** A titled group of settings, two columns from md up (the options and whitelabel tabs). */
export function OptionSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          columnGap: 3,
          rowGap: 2,
          alignItems: 'start',
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}

interface ControlProps {
  settingKey: CompanySettingKey;
  value: string;
  error: string | undefined;
  onSave(value: string): boolean;
}

/** A select's choices with their labels; countries are named by the browser in the UI language, sorted by name. */
function choicesWithLabels(
  key: CompanySettingKey,
  choices: readonly string[],
  translate: (choice: string) => string,
  language: string,
) {
  if (key !== 'country') return choices.map((choice) => ({ choice, label: translate(choice) }));
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return choices
    .map((choice) => ({ choice, label: names.of(choice) ?? choice }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

function SettingControl(props: ControlProps) {
  const { t, i18n } = useTranslation('settings');
  const { settingKey, value, onSave } = props;
  const control = controlFor(settingKey);
  const label = t(`options.${settingKey}`);
  if (control.kind === 'switch') {
    return (
      <FormControlLabel
        label={label}
        control={
          <Switch checked={value === 'enabled'} onChange={(_, on) => onSave(on ? 'enabled' : 'disabled')} />
        }
      />
    );
  }
  if (control.kind === 'select') {
    return (
      <TextField
        select
        fullWidth
        size="small"
        label={label}
        value={value}
        onChange={(event) => onSave(event.target.value)}
      >
        {choicesWithLabels(
          settingKey,
          control.choices,
          (choice) => t(`choices.${settingKey}.${choice}`),
          i18n.language,
        ).map(({ choice, label: choiceLabel }) => (
          <MenuItem key={choice} value={choice}>
            {choiceLabel}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <SettingText {...props} label={label} multiline={control.multiline} />;
}

/** A text setting is saved when the field is left (or Enter on one line), if it changed. */
function SettingText({
  settingKey,
  value,
  error,
  onSave,
  label,
  multiline,
}: ControlProps & { label: string; multiline: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const [draft, setDraft] = useState(value);
  const [invalid, setInvalid] = useState(false);
  const editing = useRef(false);

  // A change saved elsewhere (another admin, a rollback) replaces the text unless it is being edited.
  useEffect(() => {
    if (!editing.current) setDraft(value);
  }, [value]);

  const commit = () => {
    editing.current = false;
    if (draft === value) return;
    const valid = companySettingSchemas[settingKey].safeParse(draft).success;
    setInvalid(!valid);
    if (valid) onSave(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!multiline && event.key === 'Enter') (event.target as HTMLElement).blur();
  };

  const shownError = error ? errorMessage(error, t) : invalid ? t('invalidValue') : undefined;
  const hintKey = `settings:hints.${settingKey}`;
  const hint = i18n.exists(hintKey) ? t(hintKey, { placeholder: QUEUE_NAME_PLACEHOLDER }) : undefined;
  return (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={draft}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      onFocus={() => {
        editing.current = true;
      }}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      error={shownError !== undefined}
      helperText={shownError ?? hint}
      sx={multiline ? { gridColumn: '1 / -1' } : undefined}
      slotProps={settingKey === 'hoursCloseTicketsAuto' ? { htmlInput: { inputMode: 'numeric' } } : undefined}
    />
  );
}
