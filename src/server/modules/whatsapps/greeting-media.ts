import type { ReceivedFile } from '../../platform/deps';
import { imageTypeOf } from '../../platform/images';

/** The videos WhatsApp plays in a chat; both are ISO media files ('ftyp' box first). */
const VIDEO_TYPES: Record<string, string> = { 'video/mp4': 'mp4', 'video/3gpp': '3gp' };

const isIsoMedia = (head: Buffer) => head.subarray(4, 8).toString('latin1') === 'ftyp';

/**
 * 2-administration §5: a greeting attachment is an image or a video. The declared type must match the
 * file's first bytes, and the stored name takes its extension from that type, never from the upload's name.
 */
export function greetingMediaOf(file: ReceivedFile) {
  const image = imageTypeOf(file);
  const extension = image ? image.split('/')[1] : VIDEO_TYPES[file.mimetype];
  if (!extension || (!image && !isIsoMedia(file.head))) return undefined;
  return { ...file, filename: `greeting.${extension === 'jpeg' ? 'jpg' : extension}` };
}
