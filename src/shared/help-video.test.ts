import { describe, expect, it } from 'vitest';
import { embedUrl, parseHelpVideo } from './help-video';

describe('a help entry video code', () => {
  it.each([
    ['dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['76979871', 'vimeo', '76979871'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
  ])('reads %s', (code, provider, id) => {
    expect(parseHelpVideo(code)).toEqual({ provider, id });
  });

  it.each([
    '',
    'not a video',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'https://youtu.be/short',
  ])('refuses %s', (code) => {
    expect(parseHelpVideo(code)).toBeNull();
  });

  it('plays from the privacy-friendly hosts', () => {
    expect(embedUrl({ provider: 'youtube', id: 'dQw4w9WgXcQ' })).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/,
    );
    expect(embedUrl({ provider: 'vimeo', id: '76979871' })).toMatch(
      /^https:\/\/player\.vimeo\.com\/video\/76979871\?dnt=1/,
    );
  });
});
