import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHATBOT_TYPES, type ChatbotType } from '../../../shared/api/chatbots';
import { BOT_TEXTS } from '../../../shared/bot-texts';
import { useCurrentUser } from '../../app/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { translateValidation } from '../../ui/error-message';
import { FileListPicker } from '../files/FileListPicker';
import { QueueDot } from '../tickets/QueueDot';
import { UserSearchField } from '../users/UserSearchField';
import { newOption, type OptionFormValues } from './queue-form';
import { useQueues } from './useQueues';

/** The form's errors for one option, as the resolver nests them (message per field, per sub-option). */
export interface OptionErrors {
  name?: { message?: string };
  greetingMessage?: { message?: string };
  optQueueId?: { message?: string };
  optUserId?: { message?: string };
  optIntegrationId?: { message?: string };
  optFileId?: { message?: string };
  options?: (OptionErrors | undefined)[] & { message?: string };
}

interface EditorProps {
  value: OptionFormValues[];
  onChange(next: OptionFormValues[]): void;
  errors: (OptionErrors | undefined)[] | undefined;
}

/**
 * 2-administration §2.5, §5: the queue's chatbot options, nested. A name of at least 4 characters; a
 * message before a level opens under an option; a lone option is taken by the bot without asking; each
 * type with its target (a queue, an attendant searched from 3 characters, an integration id, a file list).
 */
export function ChatbotOptionsEditor({ value, onChange, errors }: EditorProps) {
  const { t } = useTranslation('queues');
  // The bots speak the company's language: the hint names the words customers actually see.
  const words = BOT_TEXTS[useCurrentUser().company.companieSettings.language];
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="subtitle1" component="h3">
          {t('options.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('options.intro', { leave: words.leaveWord })}
        </Typography>
      </Box>
      {value.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('options.empty')}
        </Typography>
      )}
      <OptionLevel
        options={value}
        onChange={onChange}
        errors={errors}
        prefix=""
        addLabel={t('options.add')}
      />
    </Stack>
  );
}

interface LevelProps {
  options: OptionFormValues[];
  onChange(next: OptionFormValues[]): void;
  errors: (OptionErrors | undefined)[] | undefined;
  /** The numbers of the options above ("2." under the second option). */
  prefix: string;
  addLabel: string;
  /** The add button's name where the visible label alone is ambiguous (a sub-level names its option). */
  addName?: string | undefined;
  /** Why a new option cannot be added here yet, if it cannot. */
  addBlocked?: string | undefined;
}

function OptionLevel({ options, onChange, errors, prefix, addLabel, addName, addBlocked }: LevelProps) {
  const { t } = useTranslation('queues');
  const replace = (index: number, next: OptionFormValues) =>
    onChange(options.map((option, i) => (i === index ? next : option)));
  return (
    <Stack spacing={1.5}>
      {options.length === 1 && (
        <Alert severity="info" variant="outlined">
          {t('options.single')}
        </Alert>
      )}
      {options.map((option, index) => (
        <OptionEditor
          key={option.key}
          option={option}
          number={`${prefix}${index + 1}`}
          errors={errors?.[index]}
          onChange={(next) => replace(index, next)}
          onRemove={() => onChange(options.filter((_, i) => i !== index))}
        />
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={addBlocked !== undefined}
          aria-label={addName}
          onClick={() => onChange([...options, newOption()])}
        >
          {addLabel}
        </Button>
        {addBlocked && (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {addBlocked}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

interface OptionProps {
  option: OptionFormValues;
  number: string;
  errors: OptionErrors | undefined;
  onChange(next: OptionFormValues): void;
  onRemove(): void;
}

function OptionEditor({ option, number, errors, onChange, onRemove }: OptionProps) {
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof OptionFormValues>(field: K, value: OptionFormValues[K]) =>
    onChange({ ...option, [field]: value });
  const message = (error: { message?: string } | undefined) => translateValidation(error?.message, tc);
  const opensLevel = option.queueType === 'text';
  const hasSubOptions = option.options.length > 0;
  const label = option.name.trim() || t('options.number', { number });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={t('options.number', { number })}>
      <Stack spacing={1.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Typography sx={{ pt: { sm: 1 }, minWidth: 32, fontWeight: 600 }} aria-hidden>
            {number}
          </Typography>
          <TextField
            label={t('options.name')}
            value={option.name}
            onChange={(event) => set('name', event.target.value)}
            required
            size="small"
            fullWidth
            error={Boolean(errors?.name)}
            helperText={message(errors?.name)}
          />
          <TextField
            select
            label={t('options.type')}
            value={option.queueType}
            onChange={(event) => set('queueType', event.target.value as ChatbotType)}
            size="small"
            sx={{ minWidth: 170 }}
          >
            {CHATBOT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`options.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <Tooltip title={t('options.remove', { name: label })}>
            <IconButton
              aria-label={t('options.remove', { name: label })}
              onClick={() => (hasSubOptions ? setConfirming(true) : onRemove())}
            >
              <DeleteOutlineOutlined />
            </IconButton>
          </Tooltip>
        </Stack>
        <TextField
          label={t('options.message')}
          value={option.greetingMessage}
          onChange={(event) => set('greetingMessage', event.target.value)}
          required={opensLevel && hasSubOptions}
          multiline
          minRows={2}
          size="small"
          fullWidth
          error={Boolean(errors?.greetingMessage)}
          helperText={message(errors?.greetingMessage)}
        />
        <TargetFields option={option} errors={errors} onChange={onChange} />
        <FormControlLabel
          label={t('options.closeTicket')}
          control={
            <Switch checked={option.closeTicket} onChange={(_, checked) => set('closeTicket', checked)} />
          }
        />
        {opensLevel && (
          <Box sx={{ pl: { xs: 1, sm: 4 }, borderLeft: 2, borderColor: 'divider' }}>
            <OptionLevel
              options={option.options}
              onChange={(next) => set('options', next)}
              errors={errors?.options}
              prefix={`${number}.`}
              addLabel={t('options.addSub')}
              addName={t('options.addSubTo', { name: label })}
              addBlocked={option.greetingMessage.trim() ? undefined : t('options.addSubHint')}
            />
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('options.confirmRemove.title', { name: label })}
        onClose={() => setConfirming(false)}
        onConfirm={onRemove}
      >
        {t('options.confirmRemove.message')}
      </ConfirmDialog>
    </Paper>
  );
}

/** What the option's type points at: the queue, the attendant (and their queue), the integration, the file list. */
function TargetFields({
  option,
  errors,
  onChange,
}: {
  option: OptionFormValues;
  errors: OptionErrors | undefined;
  onChange(next: OptionFormValues): void;
}) {
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const queues = useQueues();
  const message = (error: { message?: string } | undefined) => translateValidation(error?.message, tc);
  const type = option.queueType;
  const queueSelect = (label: string, required: boolean) => (
    <TextField
      select
      label={label}
      value={option.optQueueId ?? ''}
      onChange={(event) =>
        onChange({ ...option, optQueueId: event.target.value === '' ? null : Number(event.target.value) })
      }
      required={required}
      size="small"
      fullWidth
      error={Boolean(errors?.optQueueId)}
      helperText={message(errors?.optQueueId)}
    >
      {!required && <MenuItem value="">{t('options.sameQueue')}</MenuItem>}
      {(queues.data ?? []).map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>
          <QueueDot color={queue.color} />
          {queue.name}
        </MenuItem>
      ))}
    </TextField>
  );
  if (type === 'queue') return queueSelect(t('options.queue'), true);
  if (type === 'attendent') {
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <UserSearchField
          label={t('options.attendant')}
          value={option.optUserId}
          onChange={(user) => onChange({ ...option, optUserId: user?.id ?? null })}
          size="small"
          error={Boolean(errors?.optUserId)}
          helperText={message(errors?.optUserId)}
        />
        {queueSelect(t('options.attendantQueue'), false)}
      </Stack>
    );
  }
  if (type === 'integration') {
    return (
      <TextField
        label={t('options.integration')}
        value={option.optIntegrationId ?? ''}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '');
          onChange({ ...option, optIntegrationId: digits === '' ? null : Number(digits) });
        }}
        required
        size="small"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(errors?.optIntegrationId)}
        helperText={message(errors?.optIntegrationId) ?? t('options.integrationHint')}
      />
    );
  }
  if (type === 'file') {
    return (
      <FileListPicker
        label={t('options.file')}
        value={option.optFileId}
        onChange={(id) => onChange({ ...option, optFileId: id })}
        size="small"
        error={Boolean(errors?.optFileId)}
        helperText={message(errors?.optFileId)}
      />
    );
  }
  return null;
}
