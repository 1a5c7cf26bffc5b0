/** How every channel writes what it received in the shapes the chat reads. */

const EXTENSIONS: Record<string, string> = {
  jpeg: 'jpg',
  mpeg: 'mp3',
  quicktime: 'mov',
  'octet-stream': 'bin',
};

/** A file extension for a MIME type (`image/jpeg` → jpg), for received files that come without a name. */
export function extensionOf(mimetype: string) {
  const subtype = mimetype.split('/')[1] ?? '';
  const ext = EXTENSIONS[subtype] ?? subtype.replace(/^x-/, '');
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : 'bin';
}

/** A map of the place, for a channel that sends locations as links. */
export const mapLink = (lat: number, lng: number) => `https://maps.google.com/maps?q=${lat}%2C${lng}&z=17`;

/** `maps link|description`, the location body the chat reads (message-format parseLocation). */
export function locationBody(lat: number, lng: number, description: string) {
  return `${mapLink(lat, lng)}|${description || `${lat}, ${lng}`}`;
}
