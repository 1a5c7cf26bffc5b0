import { z } from 'zod';
import { VALIDATION } from '../errors';
import { pagedResponse, pageQuery } from './common';
import { defineRoute, idParam, okResponse } from './contract';

/** 3-automation §3: one file of a list; `path` is the stored file, set by the upload call. */
const fileListOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string().nullable(),
  mediaType: z.string().nullable(),
});

/** 3-automation §3 File list: a named message with attached files. */
export const fileListSchema = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  options: z.array(fileListOptionSchema),
});
export type FileList = z.output<typeof fileListSchema>;

const mandatoryText = () => z.string({ error: VALIDATION.mandatory }).trim().min(1, VALIDATION.mandatory);

/** The most files one list holds. */
const MAX_FILE_LIST_OPTIONS = 30;

/**
 * 3-automation §5: name required ('Obrigatório') and at least 3 characters ('nome muito curto'); message
 * required. Options keep their id; new ones have none; those left out are removed. The spec's client sends
 * userId: the author is always the caller.
 */
export const fileListBody = z.object({
  name: mandatoryText().min(3, VALIDATION.nameTooShort).max(100, VALIDATION.tooLong),
  message: mandatoryText().max(10_000, VALIDATION.tooLong),
  options: z
    .array(
      z.object({
        id: z.number().int().positive().optional(),
        name: z.string().max(1000, VALIDATION.tooLong),
      }),
    )
    .max(MAX_FILE_LIST_OPTIONS, VALIDATION.tooLong)
    .optional()
    .default([]),
  userId: z.number().optional(),
});

/** A multipart field sent once or repeated (once per option). */
const oneOrMany = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

export const FILES_PAGE_SIZE = 20;

export const filesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/files',
    access: 'admin',
    query: pageQuery.extend({ companyId: z.coerce.number().optional() }),
    response: pagedResponse('files', fileListSchema),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/files/:id',
    access: 'admin',
    params: idParam,
    response: fileListSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/files',
    access: 'admin',
    body: fileListBody,
    response: fileListSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/files/:id',
    access: 'admin',
    params: idParam,
    body: fileListBody,
    response: fileListSchema,
  }),
  /**
   * 3-automation §7: multipart with fileId and typeArch (fileList); per option a `files` part with its
   * `id` (and `name`, `mediaType`), in the same order. Each file replaces that option's earlier one.
   */
  upload: defineRoute({
    method: 'POST',
    path: '/files/uploadList/:fileId',
    access: 'admin',
    params: z.object({ fileId: z.coerce.number().int().positive() }),
    multipart: true,
    body: z.object({
      fileId: z.string().optional(),
      typeArch: z.string().optional(),
      id: oneOrMany,
      name: oneOrMany,
      mediaType: oneOrMany,
    }),
    response: fileListSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/files/:id',
    access: 'admin',
    params: idParam,
    response: okResponse,
  }),
};
