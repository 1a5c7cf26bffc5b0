import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { IMAGE_TYPES, type ImageType, imageTypeOfName } from '../../platform/images';
import type { MediaBody, MediaStore } from '../../platform/media';

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
  const type = imageTypeOfName(fileName);
  const found = type && (await store.find(avatarKey(companyId, fileName)));
  return type && found ? { ...found, type } : undefined;
}

/** Removes a replaced or orphaned image; a file already gone is fine. */
export async function removeAvatar(store: MediaStore, companyId: number, fileName: string | null) {
  if (!fileName) return;
  await store.remove([avatarKey(companyId, fileName)]);
}
