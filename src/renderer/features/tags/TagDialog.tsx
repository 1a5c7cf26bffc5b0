import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type Tag, tagBody } from '../../../shared/api/tags';
import { randomColor } from '../../../shared/random-color';
import { DialogForm } from '../../ui/DialogForm';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { FormTextField } from '../../ui/FormFields';
import { ItemDialog, saveThenClose } from '../../ui/ItemDialog';
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

/**
 * The tags screen's add/edit dialog: name and colour (3-automation §3 Tag). The kanban flag is kept as stored
 * and gets its switch with the kanban board.
 */
export function TagDialog({ open, tag, onClose }: TagDialogProps) {
  const { t } = useTranslation('tags');
  return (
    <ItemDialog
      open={open}
      item={tag}
      titles={{ add: t('dialog.addTitle'), edit: t('dialog.editTitle') }}
      onClose={onClose}
      maxWidth="xs"
    >
      {(item) => <TagForm tag={item} onClose={onClose} />}
    </ItemDialog>
  );
}

function TagForm({ tag, onClose }: { tag: Tag | null; onClose(): void }) {
  const { t } = useTranslation('tags');
  const [initial] = useState<TagFormValues>(() =>
    tag
      ? { name: tag.name, color: tag.color, kanban: tag.kanban }
      : { name: '', color: randomColor(), kanban: 0 },
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

  const onValid = saveThenClose(
    (values: TagFormValues) =>
      tag ? updateTag.mutateAsync({ id: tag.id, body: values }) : createTag.mutateAsync(values),
    t('dialog.saved'),
    onClose,
  );

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(tag === null, t)}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" label={t('dialog.name')} autoFocus required />
        <FormTextField control={control} name="color" type="color" label={t('dialog.color')} required />
      </Stack>
    </DialogForm>
  );
}
