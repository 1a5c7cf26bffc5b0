import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { hidesDeletedContent } from '../../../shared/api/messages';
import type { CompanySettings } from '../../../shared/settings';

/**
 * Message and quick-message media live under `<dataDir>/media/company<id>/`, served only through the
 * authenticated routes of their module (GET /messages/media/:id, GET /quick-messages/:id/media).
 */
const mediaDir = (dataDir: string, companyId: number) => path.join(dataDir, 'media', `company${companyId}`);

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
  dataDir: string,
  companyId: number,
  file: { filename: string; mimetype: string; data: Buffer },
) {
  const dir = mediaDir(dataDir, companyId);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${extensionOf(file.filename, file.mimetype)}`;
  await writeFile(path.join(dir, name), file.data);
  return name;
}

/**
 * A stored file copied under a new name (what a message sent from a file list or a greeting keeps, so
 * removing one never takes the other's file); undefined when the original is gone.
 */
export async function copyMedia(dataDir: string, companyId: number, name: string) {
  const found = await findMedia(dataDir, companyId, name);
  if (!found) return undefined;
  const copy = `${randomUUID()}${path.extname(found.file)}`;
  await copyFile(found.file, path.join(mediaDir(dataDir, companyId), copy));
  return copy;
}

/** The stored file with how to serve it, or undefined when it is gone. */
export async function findMedia(dataDir: string, companyId: number, name: string) {
  // basename: the stored name is ours, but a path must never climb out of the company's folder.
  const file = path.join(mediaDir(dataDir, companyId), path.basename(name));
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) return undefined;
  const type = INLINE_TYPES[path.extname(file).slice(1)];
  return { file, size: found.size, type: type ?? 'application/octet-stream', inline: type !== undefined };
}

export type StoredMedia = NonNullable<Awaited<ReturnType<typeof findMedia>>>;

/** Streams a stored file. Only types a browser shows safely are served inline; anything else downloads, sandboxed. */
export function replyWithMedia(reply: FastifyReply, media: StoredMedia, cacheControl: string) {
  return reply
    .type(media.type)
    .header('content-length', media.size)
    .header('content-disposition', media.inline ? 'inline' : 'attachment')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .send(createReadStream(media.file));
}

export async function removeMedia(dataDir: string, companyId: number, names: (string | null)[]) {
  await Promise.all(
    names
      .filter((n): n is string => Boolean(n))
      .map((n) => rm(path.join(mediaDir(dataDir, companyId), path.basename(n)), { force: true })),
  );
}

/**
 * Under LGPD (enableLGPD and lgpdDeleteMessage) a deleted message keeps nothing of what it said: its file
 * leaves the disk. Called once the message is marked deleted.
 */
export async function forgetDeletedMedia(
  dataDir: string,
  companyId: number,
  settings: Pick<CompanySettings, 'enableLGPD' | 'lgpdDeleteMessage'>,
  deleted: { mediaUrl: string | null }[],
) {
  if (!hidesDeletedContent(settings)) return;
  await removeMedia(
    dataDir,
    companyId,
    deleted.map((m) => m.mediaUrl),
  );
}
