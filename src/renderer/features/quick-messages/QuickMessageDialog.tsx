import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type QuickMessage, quickMessageBody } from '../../../shared/api/quick-messages';
import { AttachmentField, usePendingFile } from '../../ui/AttachmentField';
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
  const attachment = usePendingFile(quickMessage?.mediaName ?? null);
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

  const onValid = async (values: FormValues) => {
    let saved: QuickMessage;
    try {
      saved = await save.mutateAsync({ id: quickMessage?.id ?? null, body: values });
    } catch (err) {
      toastError(err);
      return;
    }
    // The quick message exists by now: a failed attachment change is reported, the dialog still closes.
    if (attachment.change !== undefined)
      await setMedia.mutateAsync({ id: saved.id, file: attachment.change }).catch(toastError);
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
        <AttachmentField
          name={attachment.name}
          textsKey="quickMessages:dialog.attachment"
          onChoose={attachment.choose}
          onRemove={attachment.remove}
        />
      </Stack>
    </FormDialog>
  );
}
