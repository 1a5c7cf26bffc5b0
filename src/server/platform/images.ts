/**
 * The images uploads accept (1-attendance §5 avatars, 2-administration §5 whitelabel logos), each type with
 * its file extension.
 */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

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

/** The image type a stored file's name ends with. */
export const imageTypeOfName = (fileName: string) =>
  (Object.entries(IMAGE_TYPES) as [ImageType, string][]).find(([, ext]) => fileName.endsWith(`.${ext}`))?.[0];
