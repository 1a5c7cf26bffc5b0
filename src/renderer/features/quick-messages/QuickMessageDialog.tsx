import { zodResolver } from '@hookform/resolvers/zod';
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type QuickMessage, quickMessageBody } from '../../../shared/api/quick-messages';
import { FormDialog } from '../../ui/FormDialog';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { toast, toastError } from '../../ui/toast';
import { useSaveQuickMessage, useSetQuickMessageMedia } from './useQuickMessages';

interface FormValues {
  shortcode: string;
  message: string;
  geral: boolean;
  visao: boolean;
}

export interface QuickMessageDialogProps {
  /** null: a new quick message. */
  quickMessage: QuickMessage | null;
  onClose(): void;
}

/** 3-automation §2: shortcode, message, the general and shared switches, and one attachment. */
export function QuickMessageDialog({ quickMessage, onClose }: QuickMessageDialogProps) {
  const { t } = useTranslation('quickMessages');
  const save = useSaveQuickMessage();
  const setMedia = useSetQuickMessageMedia();
  const [file, setFile] = useState<File | null>(null);
  const [dropStored, setDropStored] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<FormValues>({
    defaultValues: {
      shortcode: quickMessage?.shortcode ?? '',
      message: quickMessage?.message ?? '',
      geral: quickMessage?.geral ?? false,
      visao: quickMessage?.visao ?? true,
    },
    // The dialog always holds every field; the server parses (and trims) with the same schema.
    resolver: zodResolver(quickMessageBody.required(), undefined, { raw: true }),
  });

  const storedName = dropStored ? null : (quickMessage?.mediaName ?? null);
  const attachmentName = file?.name ?? storedName;

  const onValid = async (values: FormValues) => {
    let saved: QuickMessage;
    try {
      saved = await save.mutateAsync({ id: quickMessage?.id ?? null, body: values });
    } catch (err) {
      toastError(err);
      return;
    }
    // The quick message exists by now: a failed attachment change is reported, the dialog still closes.
    const mediaChange = file ?? (dropStored && quickMessage?.mediaPath ? null : undefined);
    if (mediaChange !== undefined)
      await setMedia.mutateAsync({ id: saved.id, file: mediaChange }).catch(toastError);
    toast.success(t('saved'));
    onClose();
  };

  return (
    <FormDialog
      title={quickMessage ? t('dialog.editTitle') : t('dialog.addTitle')}
      isNew={quickMessage === null}
      onClose={onClose}
      onSubmit={handleSubmit(onValid)}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="shortcode"
          label={t('dialog.fields.shortcode')}
          required
          autoFocus
          helperText={t('dialog.fields.shortcodeHint')}
        />
        <FormTextField
          control={control}
          name="message"
          label={t('dialog.fields.message')}
          multiline
          minRows={4}
        />
        <FormSwitch control={control} name="geral" label={t('dialog.fields.geral')} />
        <FormSwitch control={control} name="visao" label={t('dialog.fields.visao')} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            variant="outlined"
            startIcon={<AttachFile />}
            onClick={() => fileInput.current?.click()}
            aria-controls={fileInputId}
          >
            {t('dialog.attachment.choose')}
          </Button>
          <Typography
            variant="body2"
            color={attachmentName ? 'text.primary' : 'text.secondary'}
            noWrap
            sx={{ flex: 1, minWidth: 0 }}
          >
            {attachmentName ?? t('dialog.attachment.none')}
          </Typography>
          {attachmentName && (
            <Tooltip title={t('dialog.attachment.remove')}>
              <IconButton
                aria-label={t('dialog.attachment.remove')}
                onClick={() => {
                  setFile(null);
                  setDropStored(true);
                }}
              >
                <DeleteOutlineOutlined />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <input
          id={fileInputId}
          ref={fileInput}
          type="file"
          hidden
          aria-label={t('dialog.attachment.label')}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) setFile(chosen);
            event.target.value = '';
          }}
        />
      </Stack>
    </FormDialog>
  );
}
