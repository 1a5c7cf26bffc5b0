import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { hidesDeletedContent } from '../../../shared/api/messages';
import type { CompanySettings } from '../../../shared/settings';
import type { MediaBody, MediaFile, MediaStore } from '../../platform/media';

/**
 * Message and quick-message media live under `company<id>/` of the media store (the data folder's
 * `media/`, or an S3 bucket's `media/`), served only through the authenticated routes of their module
 * (GET /messages/media/:id, GET /quick-messages/:id/media), streamed from the store.
 */
// basename: the stored name is ours, but a key must never climb out of the company's folder.
const keyOf = (companyId: number, name: string) => `company${companyId}/${path.basename(name)}`;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'application/pdf': 'pdf',
};

// Types a browser may show in place; anything else is downloaded, so an uploaded page never runs here.
const INLINE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
};

function extensionOf(filename: string, mimetype: string) {
  const fromName = path.extname(filename).slice(1).toLowerCase();
  if (/^[a-z0-9]{1,8}$/.test(fromName)) return fromName;
  return EXTENSIONS[mimetype] ?? 'bin';
}

/** Writes the file under a new random name and answers that name (what messages.mediaUrl keeps). */
export async function storeMedia(
  store: MediaStore,
  companyId: number,
  file: { filename: string; mimetype: string } & ({ data: Buffer } | MediaFile),
) {
  const name = `${randomUUID()}.${extensionOf(file.filename, file.mimetype)}`;
  const body: MediaBody = 'data' in file ? file.data : file;
  await store.put(keyOf(companyId, name), body);
  return name;
}

/**
 * A stored file copied under a new name (what a message sent from a file list or a greeting keeps, so
 * removing one never takes the other's file); undefined when the original is gone.
 */
export async function copyMedia(store: MediaStore, companyId: number, name: string) {
  const copy = `${randomUUID()}${path.extname(path.basename(name))}`;
  return (await store.copy(keyOf(companyId, name), keyOf(companyId, copy))) ? copy : undefined;
}

/** The stored file with how to serve it, or undefined when it is gone. */
export async function findMedia(store: MediaStore, companyId: number, name: string) {
  const found = await store.find(keyOf(companyId, name));
  if (!found) return undefined;
  const type = INLINE_TYPES[path.extname(name).slice(1).toLowerCase()];
  return { ...found, type: type ?? 'application/octet-stream', inline: type !== undefined };
}

export type StoredMedia = NonNullable<Awaited<ReturnType<typeof findMedia>>>;

/** Streams a stored file. Only types a browser shows safely are served inline; anything else downloads, sandboxed. */
export async function replyWithMedia(reply: FastifyReply, media: StoredMedia, cacheControl: string) {
  return reply
    .type(media.type)
    .header('content-length', media.size)
    .header('content-disposition', media.inline ? 'inline' : 'attachment')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .send(await media.stream());
}

export async function removeMedia(store: MediaStore, companyId: number, names: (string | null)[]) {
  const keys = names.filter((n): n is string => Boolean(n)).map((n) => keyOf(companyId, n));
  if (keys.length > 0) await store.remove(keys);
}

/**
 * Under LGPD (enableLGPD and lgpdDeleteMessage) a deleted message keeps nothing of what it said: its file
 * leaves the disk. Called once the message is marked deleted.
 */
export async function forgetDeletedMedia(
  store: MediaStore,
  companyId: number,
  settings: Pick<CompanySettings, 'enableLGPD' | 'lgpdDeleteMessage'>,
  deleted: { mediaUrl: string | null }[],
) {
  if (!hidesDeletedContent(settings)) return;
  await removeMedia(
    store,
    companyId,
    deleted.map((m) => m.mediaUrl),
  );
}
