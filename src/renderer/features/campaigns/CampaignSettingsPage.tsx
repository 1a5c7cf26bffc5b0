import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Control, Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { campaignSettingsBody } from '../../../shared/api/campaigns';
import {
  type CampaignSenderSettings,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_LABELS,
  MESSAGE_INTERVAL_OPTIONS,
} from '../../../shared/campaigns';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { errorMessage } from '../../ui/error-message';
import { FormNumberField, FormSwitch, FormTextField } from '../../ui/FormFields';
import NoPermission from '../../ui/NoPermission';
import { toast, toastError } from '../../ui/toast';
import { useCampaignSettings, useSaveCampaignSettings } from './useCampaigns';

/**
 * Route /campaigns-config (3-automation §2, §9): the pace and hours of the company's campaigns, and ours
 * beside them: what keeps the company's numbers from being banned.
 */
export default function CampaignSettingsPage() {
  return isAdmin(useCurrentUser()) ? <SettingsScreen /> : <NoPermission />;
}

function SettingsScreen() {
  const { t } = useTranslation('campaigns');
  const settings = useCampaignSettings();
  return (
    <Box sx={{ p: 2, overflow: 'auto', height: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('settings.title')}
      </Typography>
      {settings.data ? (
        <SettingsForm initial={settings.data} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={t('settings.loading')} />
        </Box>
      )}
    </Box>
  );
}

function SettingsForm({ initial }: { initial: CampaignSenderSettings }) {
  const { t } = useTranslation('campaigns');
  const save = useSaveCampaignSettings();
  const { control, handleSubmit, formState } = useForm<CampaignSenderSettings>({
    defaultValues: initial,
    // The page always holds every key; the server parses with the same schema.
    resolver: zodResolver(campaignSettingsBody.required(), undefined, { raw: true }),
  });
  const variables = useFieldArray({ control, name: 'variables' });

  const onValid = async (values: CampaignSenderSettings) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('settings.saved'));
    } catch (err) {
      toastError(err);
    }
  };
  // §9: 0 means no break (or no longer interval); 60 and 70 are shown as 40 and 60.
  const seconds = (value: number) =>
    value === 0
      ? t('settings.noBreak')
      : t('settings.seconds', { count: MESSAGE_INTERVAL_LABELS[value] ?? value });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onValid)} sx={{ maxWidth: 900 }}>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
            {t('settings.intervals')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="messageInterval"
              label={t('settings.messageInterval')}
              select
            >
              {MESSAGE_INTERVAL_OPTIONS.map((value) => (
                <MenuItem key={value} value={value}>
                  {seconds(value)}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="longerIntervalAfter"
              label={t('settings.longerIntervalAfter')}
              select
            >
              {LONGER_INTERVAL_AFTER_OPTIONS.map((value) => (
                <MenuItem key={value} value={value}>
                  {value === 0 ? t('settings.notDefined') : t('settings.messages', { count: value })}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="greaterInterval"
              label={t('settings.greaterInterval')}
              select
            >
              {GREATER_INTERVAL_OPTIONS.map((value) => (
                <MenuItem key={value} value={value}>
                  {value === 0 ? t('settings.noBreak') : t('settings.seconds', { count: value })}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
        </Paper>

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
            {t('settings.hours')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <FormTextField
              control={control}
              name="startHour"
              label={t('settings.startHour')}
              type="time"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={control}
              name="endHour"
              label={t('settings.endHour')}
              type="time"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormSwitch control={control} name="sabado" label={t('settings.sabado')} />
            <FormSwitch control={control} name="domingo" label={t('settings.domingo')} />
          </Stack>
        </Paper>

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2">
            {t('settings.variables')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('settings.variablesHint')}
          </Typography>
          <Stack spacing={2}>
            {variables.fields.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('settings.noVariables')}
              </Typography>
            )}
            {variables.fields.map((field, index) => (
              <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <FormTextField control={control} name={`variables.${index}.key`} label={t('settings.key')} />
                <FormTextField
                  control={control}
                  name={`variables.${index}.value`}
                  label={t('settings.value')}
                />
                <Tooltip title={t('settings.removeVariable', { key: field.key })}>
                  <IconButton
                    aria-label={t('settings.removeVariable', { key: field.key })}
                    onClick={() => variables.remove(index)}
                    sx={{ alignSelf: 'center' }}
                  >
                    <DeleteOutlineOutlined />
                  </IconButton>
                </Tooltip>
              </Stack>
            ))}
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => variables.append({ key: '', value: '' })}>
                {t('settings.addVariable')}
              </Button>
            </Box>
          </Stack>
        </Paper>

        <SafetySection control={control} />

        <Box>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {t('settings.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** Ours: the sender's safety settings (campaign settings beside §9's), each explained in plain words. */
function SafetySection({ control }: { control: Control<CampaignSenderSettings> }) {
  const { t } = useTranslation('campaigns');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {t('safety.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('safety.hint')}
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormNumberField
            control={control}
            name="jitterSeconds"
            label={t('safety.jitterSeconds')}
            helperText={t('safety.jitterSecondsHint')}
            slotProps={{ htmlInput: { min: 0, max: 600 } }}
          />
          <FormNumberField
            control={control}
            name="dailyLimit"
            label={t('safety.dailyLimit')}
            helperText={t('safety.dailyLimitHint')}
            slotProps={{ htmlInput: { min: 0 } }}
          />
          <FormNumberField
            control={control}
            name="confirmationWaitHours"
            label={t('safety.confirmationWaitHours')}
            helperText={t('safety.confirmationWaitHoursHint')}
            slotProps={{ htmlInput: { min: 1, max: 720 } }}
          />
        </Stack>
        <Box>
          <FormSwitch control={control} name="warmUp" label={t('safety.warmUp')} />
          <Typography variant="body2" color="text.secondary">
            {t('safety.warmUpHint')}
          </Typography>
        </Box>
        <KeywordsField control={control} />
      </Stack>
    </Paper>
  );
}

/** The opt-out words as chips: typed and added with Enter, removed by their chip's delete. */
function KeywordsField({ control }: { control: Control<CampaignSenderSettings> }) {
  const { t } = useTranslation('campaigns');
  const { t: tAny } = useTranslation();
  return (
    <Controller
      control={control}
      name="optOutKeywords"
      render={({ field, fieldState }) => {
        // An error on one word (optOutKeywords.N) or on the list itself.
        const error =
          fieldState.error?.message ??
          Object.values(fieldState.error ?? {}).find(
            (e): e is { message: string } => typeof e === 'object' && e !== null && 'message' in e,
          )?.message;
        return (
          <Autocomplete
            multiple
            freeSolo
            // A word typed but not yet entered is kept when the field is left.
            autoSelect
            options={[]}
            value={field.value}
            onChange={(_, words) =>
              field.onChange([...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))])
            }
            onBlur={field.onBlur}
            renderValue={(words, getItemProps) =>
              words.map((word, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} label={word} size="small" {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={t('safety.optOutKeywords')}
                error={fieldState.invalid}
                helperText={error ? errorMessage(error, tAny) : t('safety.optOutKeywordsHint')}
              />
            )}
          />
        );
      }}
    />
  );
}
