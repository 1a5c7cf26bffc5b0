import { zodResolver } from '@hookform/resolvers/zod';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { externalSendTestBody } from '../../../shared/api/external-api';
import { ApiError } from '../../../shared/bridge';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { toast, toastError } from '../../ui/toast';
import { usePasswordReveal } from '../../ui/usePasswordReveal';
import { useQueues } from '../queues/useQueues';
import { QueueDot } from '../tickets/QueueDot';
import { useUserOptions } from '../tickets/useTicketsList';
import { useSendTest } from './useMessagesApi';

interface FormValues {
  token: string;
  number: string;
  body: string;
  userId: number | null;
  queueId: number | null;
  sendSignature: boolean;
  closeTicket: boolean;
}

/** The answer shown under the form: what the API said to the last test. */
function answerOf(result: unknown) {
  const body = result instanceof ApiError ? { status: result.status, ...(result.body as object) } : result;
  return JSON.stringify(body, null, 2);
}

/** 3-automation §2 /messages-api "send test": every field of the endpoint, sent as the API would send it. */
export function SendTestForm() {
  const { t } = useTranslation('messagesApi');
  const send = useSendTest();
  const users = useUserOptions();
  const queues = useQueues();
  const reveal = usePasswordReveal({ show: t('test.showToken'), hide: t('test.hideToken') });
  // Each chosen file with an id of its own: two files may share a name.
  const [files, setFiles] = useState<{ id: number; file: File }[]>([]);
  const nextFileId = useRef(0);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<FormValues>({
    defaultValues: {
      token: '',
      number: '',
      body: '',
      userId: null,
      queueId: null,
      sendSignature: false,
      closeTicket: false,
    },
    // The form holds a narrower shape than the schema takes (no id is null, which the schema reads as
    // absent): the server's own schema checks it, and the raw values are what the API is sent.
    resolver: zodResolver(externalSendTestBody, undefined, { raw: true }) as unknown as Resolver<FormValues>,
  });

  const onValid = async (values: FormValues) => {
    try {
      const result = await send.mutateAsync({ body: values, files: files.map((chosen) => chosen.file) });
      setAnswer({ ok: true, text: answerOf(result) });
      toast.success(t('test.sent'));
    } catch (err) {
      setAnswer({ ok: false, text: answerOf(err) });
      toastError(err);
    }
  };

  const lookupsFailed = users.isError || queues.isError;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="messages-api-test" sx={{ p: 2 }}>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onValid)}>
        <Typography id="messages-api-test" variant="h6" component="h2">
          {t('test.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('test.intro')}
        </Typography>
        {lookupsFailed && (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  void users.refetch();
                  void queues.refetch();
                }}
              >
                {t('test.retry')}
              </Button>
            }
          >
            {t('test.loadError')}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="token"
          label={t('test.token')}
          required
          autoComplete="off"
          type={reveal.type}
          slotProps={{ input: { endAdornment: reveal.toggle } }}
        />
        <FormTextField
          control={control}
          name="number"
          label={t('test.number')}
          required
          inputMode="tel"
          helperText={t('test.numberHint')}
        />
        <FormTextField control={control} name="body" label={t('test.body')} multiline minRows={3} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="userId" select label={t('test.user')} disabled={!users.data}>
            <MenuItem value="">{t('test.none')}</MenuItem>
            {(users.data ?? []).map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {user.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="queueId"
            select
            label={t('test.queue')}
            disabled={!queues.data}
          >
            <MenuItem value="">{t('test.none')}</MenuItem>
            {(queues.data ?? []).map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                <QueueDot color={queue.color} />
                {queue.name}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        <FormSwitch control={control} name="sendSignature" label={t('test.signature')} />
        <FormSwitch control={control} name="closeTicket" label={t('test.close')} />
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('test.files')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              variant="outlined"
              startIcon={<AttachFile />}
              onClick={() => fileInput.current?.click()}
              aria-controls={fileInputId}
            >
              {t('test.attach')}
            </Button>
            {files.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('test.noFiles')}
              </Typography>
            )}
            {files.map(({ id, file }) => (
              <Chip
                key={id}
                label={file.name}
                onDelete={() => setFiles((list) => list.filter((chosen) => chosen.id !== id))}
                deleteIcon={<Close aria-label={t('test.removeFile', { name: file.name })} />}
              />
            ))}
          </Stack>
          <input
            id={fileInputId}
            ref={fileInput}
            type="file"
            multiple
            hidden
            aria-label={t('test.files')}
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])].map((file) => ({
                id: nextFileId.current++,
                file,
              }));
              setFiles((list) => [...list, ...chosen]);
              event.target.value = '';
            }}
          />
        </Stack>
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : <Send />}
          >
            {t('test.send')}
          </Button>
        </Box>
        {answer && (
          <Alert severity={answer.ok ? 'success' : 'error'} aria-live="polite">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('test.answer')}
            </Typography>
            <Box component="pre" sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap' }}>
              {answer.text}
            </Box>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
