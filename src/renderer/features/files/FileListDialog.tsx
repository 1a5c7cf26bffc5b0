import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { type Control, useController, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FileList } from '../../../shared/api/files';
import { DialogForm } from '../../ui/DialogForm';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { FormTextField } from '../../ui/FormFields';
import { RecordDialog } from '../../ui/RecordDialog';
import { toast, toastError } from '../../ui/toast';
import {
  type FileListFormValues,
  fileListFormSchema,
  fileListToForm,
  newFileRow,
  toFileListBody,
  uploadsAfterSave,
} from './file-list-form';
import { useFileList, useSaveFileList, useUploadFileListFile } from './useFiles';

export interface FileListDialogProps {
  open: boolean;
  /** null: a new list. */
  listId: number | null;
  onClose(): void;
}

/** 3-automation §2: a list's name, its message (5 rows) and its files, each with a name and a file. */
export function FileListDialog({ open, listId, onClose }: FileListDialogProps) {
  const { t } = useTranslation('files');
  const existing = useFileList(open ? listId : null);
  return (
    <RecordDialog
      open={open}
      id={listId}
      record={existing}
      title={listId === null ? t('dialog.addTitle') : t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      onClose={onClose}
    >
      {(list) => <FileListForm list={list} onClose={onClose} />}
    </RecordDialog>
  );
}

function FileListForm({ list, onClose }: { list: FileList | null; onClose(): void }) {
  const { t } = useTranslation('files');
  const save = useSaveFileList();
  const upload = useUploadFileListFile();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<FileListFormValues>({
    defaultValues: fileListToForm(list),
    // raw: the chosen files stay File objects; the server parses (and trims) name and message itself.
    resolver: zodResolver(fileListFormSchema, undefined, { raw: true }),
  });
  const rows = useFieldArray({ control, name: 'options', keyName: 'key' });

  const onValid = async (values: FileListFormValues) => {
    let saved: FileList;
    try {
      saved = await save.mutateAsync({ id: list?.id ?? null, body: toFileListBody(values) });
    } catch (err) {
      toastError(err);
      return;
    }
    // The list exists by now: a file that fails to upload is reported, the dialog still closes.
    let uploaded = true;
    for (const { optionId, file } of uploadsAfterSave(values, saved)) {
      await upload.mutateAsync({ list: saved, optionId, file }).catch(() => {
        uploaded = false;
      });
    }
    if (uploaded) toast.success(t('saved'));
    else toast.error(t('uploadFailed'));
    onClose();
  };

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(list === null, t)}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" label={t('dialog.fields.name')} required autoFocus />
        <FormTextField
          control={control}
          name="message"
          label={t('dialog.fields.message')}
          required
          multiline
          minRows={5}
          maxRows={5}
        />
        <Typography variant="subtitle2" component="h3">
          {t('dialog.options.title')}
        </Typography>
        {rows.fields.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('dialog.options.empty')}
          </Typography>
        )}
        {rows.fields.map((row, index) => (
          <FileRow key={row.key} control={control} index={index} onRemove={() => rows.remove(index)} />
        ))}
        <div>
          <Button startIcon={<AddIcon />} onClick={() => rows.append(newFileRow())}>
            {t('dialog.options.add')}
          </Button>
        </div>
      </Stack>
    </DialogForm>
  );
}

function FileRow({
  control,
  index,
  onRemove,
}: {
  control: Control<FileListFormValues>;
  index: number;
  onRemove(): void;
}) {
  const { t } = useTranslation('files');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const number = index + 1;
  // The file chosen to upload on save, else the name of the one stored.
  const { field: chosenFile } = useController({ control, name: `options.${index}.file` });
  const path = useWatch({ control, name: `options.${index}.path` });
  const shown = chosenFile.value?.name ?? path;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name={`options.${index}.name`}
            label={t('dialog.options.name', { number })}
            multiline
            size="small"
          />
          <Tooltip title={t('dialog.options.remove', { number })}>
            <IconButton aria-label={t('dialog.options.remove', { number })} onClick={onRemove}>
              <DeleteOutlineOutlined />
            </IconButton>
          </Tooltip>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AttachFile />}
            onClick={() => input.current?.click()}
            aria-controls={inputId}
          >
            {t('dialog.options.choose')}
          </Button>
          <Typography variant="body2" color={shown ? 'text.primary' : 'text.secondary'} noWrap>
            {shown ?? t('dialog.options.none')}
          </Typography>
        </Stack>
        <input
          id={inputId}
          ref={input}
          type="file"
          hidden
          aria-label={t('dialog.options.pick', { number })}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) chosenFile.onChange(chosen);
            event.target.value = '';
          }}
        />
      </Stack>
    </Paper>
  );
}
