import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  type ContactList,
  type ContactListItem,
  contactListBody,
  contactListItemBody,
} from '../../../shared/api/contact-lists';
import { DialogForm } from '../../ui/DialogForm';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { FormTextField } from '../../ui/FormFields';
import { ItemDialog, saveThenClose } from '../../ui/ItemDialog';
import { useSaveContactList, useSaveContactListItem } from './useContactLists';

interface DialogProps<T> {
  open: boolean;
  /** null: a new one. */
  item: T | null;
  onClose(): void;
}

/** The lists screen's add/edit dialog: the name, 2 to 50 (3-automation §5). */
export function ContactListDialog({ open, item, onClose }: DialogProps<ContactList>) {
  const { t } = useTranslation('contactLists');
  return (
    <ItemDialog
      open={open}
      item={item}
      titles={{ add: t('dialog.addTitle'), edit: t('dialog.editTitle') }}
      onClose={onClose}
      maxWidth="xs"
    >
      {(list) => <ListForm list={list} onClose={onClose} />}
    </ItemDialog>
  );
}

function ListForm({ list, onClose }: { list: ContactList | null; onClose(): void }) {
  const { t } = useTranslation('contactLists');
  const save = useSaveContactList();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<z.input<typeof contactListBody>>({
    defaultValues: { name: list?.name ?? '' },
    resolver: zodResolver(contactListBody, undefined, { raw: true }),
  });
  const onValid = saveThenClose(
    ({ name }: z.input<typeof contactListBody>) => save.mutateAsync({ id: list?.id ?? null, name }),
    t('dialog.saved'),
    onClose,
  );
  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(list === null, t)}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" label={t('dialog.name')} autoFocus required />
      </Stack>
    </DialogForm>
  );
}

type ItemValues = z.input<typeof contactListItemBody>;

/** A member's add/edit dialog: name 2 to 50, number 8 to 50, a valid e-mail or none (3-automation §5). */
export function ContactListItemDialog({
  open,
  item,
  contactListId,
  onClose,
}: DialogProps<ContactListItem> & { contactListId: number }) {
  const { t } = useTranslation('contactLists');
  return (
    <ItemDialog
      open={open}
      item={item}
      titles={{ add: t('items.dialog.addTitle'), edit: t('items.dialog.editTitle') }}
      onClose={onClose}
      maxWidth="xs"
    >
      {(member) => <ItemForm item={member} contactListId={contactListId} onClose={onClose} />}
    </ItemDialog>
  );
}

function ItemForm({
  item,
  contactListId,
  onClose,
}: {
  item: ContactListItem | null;
  contactListId: number;
  onClose(): void;
}) {
  const { t } = useTranslation('contactLists');
  const save = useSaveContactListItem();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<ItemValues>({
    defaultValues: {
      contactListId,
      name: item?.name ?? '',
      number: item?.number ?? '',
      email: item?.email ?? '',
    },
    resolver: zodResolver(contactListItemBody, undefined, { raw: true }),
  });
  const onValid = saveThenClose(
    (body: ItemValues) => save.mutateAsync({ id: item?.id ?? null, body }),
    t('items.dialog.saved'),
    onClose,
  );
  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(item === null, t)}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" label={t('items.dialog.name')} autoFocus required />
        <FormTextField
          control={control}
          name="number"
          label={t('items.dialog.number')}
          required
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
        <FormTextField control={control} name="email" label={t('items.dialog.email')} type="email" />
      </Stack>
    </DialogForm>
  );
}
