// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isUploadable, messageMediaType, previewKind } from './uploads';

describe('message uploads', () => {
  it('accept images, videos, audio and documents', () => {
    for (const type of ['image/png', 'video/mp4', 'audio/ogg', 'application/pdf', 'text/plain', '']) {
      expect(isUploadable({ type })).toBe(true);
    }
  });

  it('refuse other kinds of files', () => {
    expect(isUploadable({ type: 'font/woff2' })).toBe(false);
    expect(isUploadable({ type: 'model/gltf+json' })).toBe(false);
  });

  it('are typed as the server stores them: image, video, audio or application', () => {
    expect(
      ['image/png', 'video/mp4', 'audio/mpeg', 'application/pdf', 'text/plain'].map(messageMediaType),
    ).toEqual(['image', 'video', 'audio', 'application', 'application']);
  });

  it('preview documents as a file', () => {
    expect(previewKind('image/jpeg')).toBe('image');
    expect(previewKind('application/zip')).toBe('document');
  });
});
