import { z } from 'zod';
import { type FileList, fileListBody } from '../../../shared/api/files';
import { VALIDATION } from '../../../shared/errors';

/** One file row of the dialog: its caption, the stored file (path) and a file chosen to replace it. */
export interface FileOptionValues {
  id?: number | undefined;
  name: string;
  path: string | null;
  file: File | null;
}

export interface FileListFormValues {
  name: string;
  message: string;
  options: FileOptionValues[];
}

/** The contract's rules for name and message (3-automation §5); the rows' files are the dialog's own. */
export const fileListFormSchema = z.object({
  name: fileListBody.shape.name,
  message: fileListBody.shape.message,
  options: z.array(
    z.object({
      id: z.number().optional(),
      name: z.string().max(1000, VALIDATION.tooLong),
      path: z.string().nullable(),
      file: z.instanceof(File).nullable(),
    }),
  ),
});

export const newFileRow = (): FileOptionValues => ({ name: '', path: null, file: null });

export function fileListToForm(list: FileList | null): FileListFormValues {
  return {
    name: list?.name ?? '',
    message: list?.message ?? '',
    options: (list?.options ?? []).map((option) => ({
      id: option.id,
      name: option.name,
      path: option.path,
      file: null,
    })),
  };
}

export const toFileListBody = (values: FileListFormValues) => ({
  name: values.name,
  message: values.message,
  options: values.options.map(({ id, name }) => (id === undefined ? { name } : { id, name })),
});

/**
 * The files to upload once the list is saved, each with the id its row got: rows that had an id keep it;
 * new rows take, in order, the ids the saved list holds that no row had (the server adds them in order).
 */
export function uploadsAfterSave(values: FileListFormValues, saved: FileList) {
  const known = new Set(values.options.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  const fresh = saved.options.filter((option) => !known.has(option.id)).map((option) => option.id);
  let next = 0;
  return values.options.flatMap((row) => {
    const optionId = row.id ?? fresh[next++];
    return row.file && optionId !== undefined ? [{ optionId, file: row.file }] : [];
  });
}
