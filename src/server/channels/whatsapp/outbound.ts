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

/**
 * A WhatsApp message id (the 3EB0 prefix and upper-case hex its web clients use) derived from our
 * idempotency key: the same key always gives the same id.
 */
export function messageIdOf(idempotencyKey: string) {
  return `3EB0${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 18).toUpperCase()}`;
}
