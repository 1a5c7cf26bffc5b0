import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENT_MEDIA_ACCEPT,
  ANNOUNCEMENT_PRIORITIES,
  type Announcement,
  announcementBody,
} from '../../../shared/api/announcements';
import { AttachmentField, usePendingFile } from '../../ui/AttachmentField';
import { FormDialog } from '../../ui/FormDialog';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { toast, toastError } from '../../ui/toast';
import { useSaveAnnouncement, useSetAnnouncementMedia } from './useAnnouncements';

interface FormValues {
  title: string;
  text: string;
  priority: number;
  status: boolean;
}

export interface AnnouncementDialogProps {
  /** null: a new announcement. */
  announcement: Announcement | null;
  onClose(): void;
}

/** 3-automation §2, §5: title, text, priority (default 3), active (default on) and one png/jpeg image. */
export function AnnouncementDialog({ announcement, onClose }: AnnouncementDialogProps) {
  const { t } = useTranslation('announcements');
  const save = useSaveAnnouncement();
  const setMedia = useSetAnnouncementMedia();
  const image = usePendingFile(announcement?.mediaName ?? null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<FormValues>({
    defaultValues: {
      title: announcement?.title ?? '',
      text: announcement?.text ?? '',
      priority: announcement?.priority ?? 3,
      status: announcement?.status ?? true,
    },
    // The server parses (and trims) with the same schema.
    resolver: zodResolver(announcementBody.required(), undefined, { raw: true }),
  });

  const onValid = async (values: FormValues) => {
    let saved: Announcement;
    try {
      saved = await save.mutateAsync({ id: announcement?.id ?? null, body: values });
    } catch (err) {
      toastError(err);
      return;
    }
    // The announcement exists by now: a failed image change is reported, the dialog still closes.
    if (image.change !== undefined)
      await setMedia.mutateAsync({ id: saved.id, file: image.change }).catch(toastError);
    toast.success(t('saved'));
    onClose();
  };

  return (
    <FormDialog
      title={announcement ? t('dialog.editTitle') : t('dialog.addTitle')}
      isNew={announcement === null}
      onClose={onClose}
      onSubmit={handleSubmit(onValid)}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="title" label={t('dialog.fields.title')} required autoFocus />
        <FormTextField
          control={control}
          name="text"
          label={t('dialog.fields.text')}
          required
          multiline
          minRows={4}
        />
        <FormTextField control={control} name="priority" label={t('dialog.fields.priority')} select>
          {ANNOUNCEMENT_PRIORITIES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`priority.${p}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormSwitch control={control} name="status" label={t('dialog.fields.status')} />
        <AttachmentField
          name={image.name}
          textsKey="announcements:dialog.attachment"
          accept={ANNOUNCEMENT_MEDIA_ACCEPT}
          onChoose={image.choose}
          onRemove={image.remove}
        />
      </Stack>
    </FormDialog>
  );
}
