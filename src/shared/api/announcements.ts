import { z } from 'zod';
import { VALIDATION } from '../errors';
import { pagedResponse, pageQuery } from './common';
import { defineRoute, idParam, okResponse } from './contract';

/** 3-automation §3 Announcement: priority 1 high, 2 medium, 3 low. */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
/** Rows of the management list a page holds. */
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
/** The bytes an announcement's image may take. */
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** 3-automation §5: the image upload accepts png, jpg, jpeg. */
export const ANNOUNCEMENT_MEDIA_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** `mediaPath` is the stored image, fetched through GET /announcements/:id/media. */
export const announcementSchema = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: z.number(),
  status: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
});
export type Announcement = z.output<typeof announcementSchema>;

const mandatoryText = (max: number) =>
  z.string({ error: VALIDATION.mandatory }).trim().min(1, VALIDATION.mandatory).max(max, VALIDATION.tooLong);

/** 3-automation §5: title and text required (Obrigatório); priority default 3, status default true. */
export const announcementBody = z.object({
  title: mandatoryText(200),
  text: mandatoryText(5000),
  priority: z
    .number()
    .int()
    .refine((p): p is AnnouncementPriority => (ANNOUNCEMENT_PRIORITIES as readonly number[]).includes(p))
    .optional()
    .default(3),
  status: z.boolean().optional().default(true),
});

export const announcementsRoutes = {
  /** The management list (super administrator): search on title and text, 20 a page. */
  list: defineRoute({
    method: 'GET',
    path: '/announcements',
    access: 'super',
    query: pageQuery,
    response: pagedResponse('records', announcementSchema),
  }),
  /** Ours: the active announcements, for every signed-in user's bell (1-attendance §2), by priority. */
  active: defineRoute({
    method: 'GET',
    path: '/announcements/active',
    access: 'user',
    response: z.array(announcementSchema),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/announcements/:id',
    access: 'super',
    params: idParam,
    response: announcementSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/announcements',
    access: 'super',
    body: announcementBody,
    response: announcementSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/announcements/:id',
    access: 'super',
    params: idParam,
    body: announcementBody,
    response: announcementSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/announcements/:id',
    access: 'super',
    params: idParam,
    response: okResponse,
  }),
  /** 3-automation §7: multipart `file` with typeArch announcements; replaces an earlier image. */
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/announcements/:id/media-upload',
    access: 'super',
    params: idParam,
    multipart: true,
    body: z.object({ typeArch: z.string().optional() }),
    response: announcementSchema,
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/announcements/:id/media-upload',
    access: 'super',
    params: idParam,
    response: announcementSchema,
  }),
  /** The image's bytes: to every signed-in user while the announcement is active, always to the super. */
  media: defineRoute({
    method: 'GET',
    path: '/announcements/:id/media',
    access: 'user',
    params: idParam,
    response: z.unknown(),
  }),
};
