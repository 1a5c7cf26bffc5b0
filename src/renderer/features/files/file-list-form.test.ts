import { describe, expect, it } from 'vitest';
import type { FileList } from '../../../shared/api/files';
import {
  fileListFormSchema,
  fileListToForm,
  newFileRow,
  toFileListBody,
  uploadsAfterSave,
} from './file-list-form';

const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });

const saved: FileList = {
  id: 5,
  name: 'Catálogos',
  message: 'Seguem',
  userId: 1,
  options: [
    { id: 10, name: 'Verão', path: 'a.pdf', mediaType: 'application/pdf' },
    { id: 11, name: 'Inverno', path: null, mediaType: null },
    { id: 12, name: 'Outono', path: null, mediaType: null },
  ],
};

describe('the file list dialog', () => {
  it('starts from the saved list and sends the rows by id, new ones without', () => {
    const values = fileListToForm(saved);
    values.options.push({ ...newFileRow(), name: 'Primavera' });
    expect(toFileListBody(values)).toEqual({
      name: 'Catálogos',
      message: 'Seguem',
      options: [
        { id: 10, name: 'Verão' },
        { id: 11, name: 'Inverno' },
        { id: 12, name: 'Outono' },
        { name: 'Primavera' },
      ],
    });
  });

  it('uploads each chosen file for its row, new rows taking the ids the save gave them in order', () => {
    const values = {
      name: 'Catálogos',
      message: 'Seguem',
      options: [
        { id: 10, name: 'Verão', path: 'a.pdf', file: pdf('verao-2.pdf') },
        { ...newFileRow(), name: 'Inverno', file: pdf('inverno.pdf') },
        { ...newFileRow(), name: 'Outono' },
      ],
    };
    expect(uploadsAfterSave(values, saved).map((u) => [u.optionId, u.file.name])).toEqual([
      [10, 'verao-2.pdf'],
      [11, 'inverno.pdf'],
    ]);
  });

  it('answers the spec’s messages for the name and the message', () => {
    // The first message of each field, as the form shows it.
    const issues = (values: object) => {
      const first = new Map<string, string>();
      for (const issue of fileListFormSchema.safeParse({ options: [], ...values }).error?.issues ?? []) {
        const path = issue.path.join('.');
        if (!first.has(path)) first.set(path, issue.message);
      }
      return Object.fromEntries(first);
    };
    expect(issues({ name: 'ab', message: 'x' })).toEqual({ name: 'nome muito curto' });
    expect(issues({ name: '', message: '' })).toEqual({ name: 'Obrigatório', message: 'Obrigatório' });
  });
});
