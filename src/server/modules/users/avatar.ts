import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { MediaBody, MediaStore } from '../../platform/media';

/** 1-attendance §5: the avatar upload accepts images only; each type with its file extension. */
const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
type ImageType = keyof typeof IMAGE_TYPES;

const isImageType = (type: string): type is ImageType => type in IMAGE_TYPES;

// The declared type is the client's word; the first bytes must agree so a page cannot pose as an image.
const SIGNATURES: Record<ImageType, (data: Buffer) => boolean> = {
  'image/png': (d) => d.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (d) => d.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (d) => d.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (d) =>
    d.subarray(0, 4).toString('latin1') === 'RIFF' && d.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** The image type of an upload, or undefined when it is not an accepted image. */
export function imageTypeOf(file: { mimetype: string; head: Buffer }): ImageType | undefined {
  return isImageType(file.mimetype) && SIGNATURES[file.mimetype](file.head) ? file.mimetype : undefined;
}

// basename: the stored name is ours, but a key must never climb out of the company's folder.
const avatarKey = (companyId: number, fileName: string) =>
  `company${companyId}/users/${path.basename(fileName)}`;

/** Writes the image under a random name and answers that name (what users.profileImage keeps). */
export async function storeAvatar(store: MediaStore, companyId: number, type: ImageType, body: MediaBody) {
  const fileName = `${randomUUID()}.${IMAGE_TYPES[type]}`;
  await store.put(avatarKey(companyId, fileName), body);
  return fileName;
}

/** The stored image and its content type, or undefined when it is gone. */
export async function findAvatar(store: MediaStore, companyId: number, fileName: string) {
  const type = Object.entries(IMAGE_TYPES).find(([, ext]) => fileName.endsWith(`.${ext}`))?.[0];
  const found = type && (await store.find(avatarKey(companyId, fileName)));
  return type && found ? { ...found, type } : undefined;
}

/** Removes a replaced or orphaned image; a file already gone is fine. */
export async function removeAvatar(store: MediaStore, companyId: number, fileName: string | null) {
  if (!fileName) return;
  await store.remove([avatarKey(companyId, fileName)]);
}
