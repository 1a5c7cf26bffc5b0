/** 1-attendance §5: message uploads accept image, video, audio and document types. */
export const UPLOAD_ACCEPT = 'image/*,video/*,audio/*,application/*,text/*';

const UPLOAD_KINDS = new Set(['image', 'video', 'audio', 'application', 'text']);

/** A file of an accepted type; a file the system could not type is sent as a document. */
export const isUploadable = (file: { type: string }) =>
  file.type === '' || UPLOAD_KINDS.has(file.type.split('/')[0]);

/** What the preview shows for a file. */
export function previewKind(type: string): 'image' | 'video' | 'audio' | 'document' {
  const kind = type.split('/')[0];
  return kind === 'image' || kind === 'video' || kind === 'audio' ? kind : 'document';
}

/** 1-attendance §3 mediaType of a file we send, as the server will store it (shown until it answers). */
export const messageMediaType = (type: string) => {
  const kind = previewKind(type);
  return kind === 'document' ? 'application' : kind;
};
