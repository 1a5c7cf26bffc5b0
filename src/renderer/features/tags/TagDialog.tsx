import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type Tag, tagBody } from '../../../shared/api/tags';
import { DialogForm } from '../../ui/DialogForm';
import { translateValidation } from '../../ui/error-message';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { randomTagColor } from './tag-form';
import { useCreateTag, useUpdateTag } from './useTags';

/** The dialog always holds a kanban value; the API's default is for callers that leave it out. */
const tagForm = tagBody.extend({ kanban: z.number() });
type TagFormValues = z.output<typeof tagForm>;

export interface TagDialogProps {
  open: boolean;
  /** null: a new tag. */
  tag: Tag | null;
  onClose(): void;
}

/** The tags screen's add/edit dialog: name, colour and the kanban flag (3-automation §3 Tag). */
export function TagDialog({ open, tag, onClose }: TagDialogProps) {
  const { t } = useTranslation('tags');
  return (
    <TitledDialog
      open={open}
      title={tag ? t('dialog.editTitle') : t('dialog.addTitle')}
      onClose={onClose}
      maxWidth="xs"
    >
      {open && <TagForm key={tag?.id ?? 'new'} tag={tag} onClose={onClose} />}
    </TitledDialog>
  );
}

function TagForm({ tag, onClose }: { tag: Tag | null; onClose(): void }) {
  const { t } = useTranslation('tags');
  const [initial] = useState<TagFormValues>(() =>
    tag
      ? { name: tag.name, color: tag.color, kanban: tag.kanban }
      : { name: '', color: randomTagColor(), kanban: 0 },
  );
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<TagFormValues>({
    defaultValues: initial,
    resolver: zodResolver(tagForm, undefined, { raw: true }),
  });
  const createTag = useCreateTag();
  const updateTag = useUpdateTag();

  const onValid = async (values: TagFormValues) => {
    try {
      if (tag) await updateTag.mutateAsync({ id: tag.id, body: values });
      else await createTag.mutateAsync(values);
    } catch (err) {
      toastError(err);
      return;
    }
    toast.success(t('dialog.saved'));
    onClose();
  };

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={tag ? t('dialog.save') : t('dialog.add')}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={t('dialog.name')}
              autoFocus
              fullWidth
              required
              error={fieldState.invalid}
              helperText={translateValidation(fieldState.error?.message, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="color"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              type="color"
              label={t('dialog.color')}
              fullWidth
              required
              error={fieldState.invalid}
              helperText={translateValidation(fieldState.error?.message, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="kanban"
          render={({ field }) => (
            <FormControlLabel
              label={t('dialog.kanban')}
              control={
                <Switch
                  checked={field.value === 1}
                  onChange={(event) => field.onChange(event.target.checked ? 1 : 0)}
                />
              }
            />
          )}
        />
      </Stack>
    </DialogForm>
  );
}
