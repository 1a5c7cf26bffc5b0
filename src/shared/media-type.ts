/** 1-attendance §3 mediaType from a MIME type. */
export function mediaTypeOf(mimetype: string) {
  const kind = mimetype.split('/')[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'application';
}
