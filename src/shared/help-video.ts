/** A help entry's video as an embeddable player: YouTube (by id or address) or Vimeo (by number or address). */
export interface HelpVideo {
  provider: 'youtube' | 'vimeo';
  id: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{6,12}$/;

/**
 * 2-administration §3 Help entry `video` is a code: a YouTube id (11 characters) or a Vimeo number, or the
 * address one copies from either site. Anything else is no video.
 */
export function parseHelpVideo(code: string): HelpVideo | null {
  const text = code.trim();
  if (YOUTUBE_ID.test(text)) return { provider: 'youtube', id: text };
  if (VIMEO_ID.test(text)) return { provider: 'vimeo', id: text };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return youtube(segments[0]);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segments[0] === 'watch') return youtube(url.searchParams.get('v') ?? undefined);
    if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) return youtube(segments[1]);
    return null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = segments.find((segment) => VIMEO_ID.test(segment));
    return id ? { provider: 'vimeo', id } : null;
  }
  return null;
}

const youtube = (id: string | undefined): HelpVideo | null =>
  id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;

/** The player's address, on the providers' privacy-friendly hosts (no tracking cookies before play). */
export function embedUrl(video: HelpVideo): string {
  return video.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1`
    : `https://player.vimeo.com/video/${video.id}?dnt=1&autoplay=1`;
}
