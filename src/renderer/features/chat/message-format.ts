/** A run of message text with the WhatsApp markers it had (*bold*, _italic_, ~strike~, ```mono```) or a link. */
export interface TextSegment {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  mono?: boolean;
  href?: string;
}

const MARKERS = { '*': 'bold', _: 'italic', '~': 'strike' } as const;
const TOKEN = /(https?:\/\/[^\s<>"]+)|```([\s\S]+?)```|([*_~])(\S(?:[^\n]*?\S)?)\3(?!\w)/g;

/**
 * WhatsApp text as segments: `*x*`, `_x_` and `~x~` (not across lines, as WhatsApp shows them), ```x```
 * (monospace, across lines too) and http(s) links. Everything else is plain text; nothing is ever
 * treated as HTML.
 */
export function formatMessageText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    // A marker counts only at a word's edge: `2*3*4` stays as written.
    if (match[3] && start > 0 && /\w/.test(text[start - 1])) continue;
    if (start > at) segments.push({ text: text.slice(at, start) });
    if (match[1]) segments.push({ text: match[1], href: match[1] });
    else if (match[2] !== undefined) segments.push({ text: match[2], mono: true });
    else segments.push({ text: match[4], [MARKERS[match[3] as keyof typeof MARKERS]]: true });
    at = start + match[0].length;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}

/** A segment's text style, the same in the chat and in the ticket list's previews. */
export function segmentSx(segment: TextSegment) {
  return {
    fontWeight: segment.bold ? 600 : undefined,
    fontStyle: segment.italic ? 'italic' : undefined,
    textDecoration: segment.strike ? 'line-through' : undefined,
    fontFamily: segment.mono ? 'monospace' : undefined,
  } as const;
}

/** The text as read, markers removed (for places that cannot show formatting). */
export const plainMessageText = (text: string) =>
  formatMessageText(text)
    .map((segment) => segment.text)
    .join('');

export interface LocationParts {
  imageUrl?: string;
  link?: string;
  description?: string;
}

const mapsLink = (lat: string, lng: string) => `https://maps.google.com/maps?q=${lat}%2C${lng}&z=17`;

/**
 * A location message's body: `preview image data URL|maps link|description` as the channels store it,
 * or bare `latitude,longitude`, or any text holding a link.
 */
export function parseLocation(body: string): LocationParts {
  const coordinates = body.trim().match(/^(-?\d{1,3}(?:\.\d+)?),\s*(-?\d{1,3}(?:\.\d+)?)$/);
  if (coordinates) return { link: mapsLink(coordinates[1], coordinates[2]) };
  const parts = body.split('|');
  const imageUrl = parts.find((p) => p.startsWith('data:image/'));
  const link = parts.map((p) => p.match(/https?:\/\/\S+/)?.[0]).find(Boolean);
  const description = parts.find((p) => p !== imageUrl && !/https?:\/\//.test(p) && p.trim() !== '');
  return { imageUrl, link, description: description?.trim() };
}

/** The name and number of a contact card (vCard 3.0 as the channels send it). */
export function parseVCard(body: string): { name: string; number: string } | null {
  if (!body.includes('BEGIN:VCARD')) return null;
  const name = body.match(/^FN:(.*)$/m)?.[1]?.trim() ?? body.match(/^N:([^;\n]*)/m)?.[1]?.trim() ?? '';
  const tel = body.match(/^TEL[^:\n]*:(.*)$/m)?.[1] ?? '';
  const waid = body.match(/waid=(\d+)/)?.[1];
  return { name, number: waid ?? tel.replace(/[^\d+]/g, '') };
}
