import { createHash } from 'node:crypto';
import type { AnyMessageContent } from 'baileys';
import { digitsOf } from '../../../shared/phone-number';
import type { OutboundMedia } from '../driver';

// What the server sends, as Baileys message content.

/** A contact card as WhatsApp's own apps write it (waid: the number on WhatsApp). */
export function contactCard(name: string, number: string) {
  const digits = digitsOf(number);
  return `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL;type=VOICE;waid=${digits}:+${digits}\nEND:VCARD`;
}

/** A file by its kind: pictures and videos with their caption, audio (a voice note when asked), else a document. */
export function mediaContent(media: OutboundMedia): AnyMessageContent {
  const { data, mimetype, caption, filename } = media;
  switch (mimetype.split('/')[0]) {
    case 'image':
      return { image: data, mimetype, caption };
    case 'video':
      return { video: data, mimetype, caption };
    case 'audio':
      // WhatsApp audio carries no caption.
      return { audio: data, mimetype, ptt: Boolean(media.voiceNote) };
    default:
      return { document: data, mimetype, fileName: filename, caption };
  }
}

/** A message id of WhatsApp's web shape (3EB0 and hex) that one key always gives. */
export const idempotentMessageId = (key: string) =>
  `3EB0${createHash('sha256').update(key).digest('hex').slice(0, 28).toUpperCase()}`;
