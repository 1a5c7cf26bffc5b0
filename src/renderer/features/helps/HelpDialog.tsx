import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type Help, helpBody } from '../../../shared/api/helps';
import { DialogForm } from '../../ui/DialogForm';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { FormTextField } from '../../ui/FormFields';
import { ItemDialog, saveThenClose } from '../../ui/ItemDialog';
import { useSaveHelp } from './useHelpWrites';

type HelpFormValues = z.input<typeof helpBody>;

interface HelpDialogProps {
  open: boolean;
  /** null: a new entry. */
  help: Help | null;
  onClose(): void;
}

/** The helps tab's add/edit dialog: title, description and video (2-administration §3 Help entry). */
export function HelpDialog({ open, help, onClose }: HelpDialogProps) {
  const { t } = useTranslation('helps');
  return (
    <ItemDialog
      open={open}
      item={help}
      titles={{ add: t('dialog.addTitle'), edit: t('dialog.editTitle') }}
      onClose={onClose}
      maxWidth="sm"
    >
      {(item) => <HelpForm help={item} onClose={onClose} />}
    </ItemDialog>
  );
}

function HelpForm({ help, onClose }: { help: Help | null; onClose(): void }) {
  const { t } = useTranslation('helps');
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<HelpFormValues>({
    defaultValues: {
      title: help?.title ?? '',
      description: help?.description ?? '',
      video: help?.video ?? '',
    },
    resolver: zodResolver(helpBody, undefined, { raw: true }),
  });
  const save = useSaveHelp();

  const onValid = saveThenClose(
    (body: HelpFormValues) => save.mutateAsync({ id: help?.id ?? null, body }),
    t('dialog.saved'),
    onClose,
  );

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(help === null, t)}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="title" label={t('dialog.title')} autoFocus required />
        <FormTextField control={control} name="description" label={t('dialog.description')} multiline />
        <FormTextField control={control} name="video" label={t('dialog.video')} />
      </Stack>
    </DialogForm>
  );
}
