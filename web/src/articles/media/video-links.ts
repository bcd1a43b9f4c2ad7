/** What a video-sharing link points at, for a small preview next to the link. Pure. */

export type VideoLink =
  | { provider: 'youtube'; id: string; thumbnail: string; href: string }
  | { provider: 'vimeo'; id: string; href: string }
  | { provider: 'other'; href: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com'];

function youtubeId(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined;
  if (host === 'youtu.be') candidate = url.pathname.split('/')[1];
  else if (YOUTUBE_HOSTS.includes(host) || host === 'www.youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    candidate =
      first === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live', 'v'].includes(first ?? '')
          ? second
          : undefined;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : undefined;
}

function vimeoId(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  if (host !== 'vimeo.com' && host !== 'www.vimeo.com' && host !== 'player.vimeo.com') return undefined;
  return url.pathname.split('/').find((part) => /^\d{5,}$/.test(part));
}

/** undefined when the text is not an http(s) link at all. */
export function parseVideoLink(text: string): VideoLink | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const href = url.toString();
  const youtube = youtubeId(url);
  // mqdefault: 320×180, exists for every public video (maxres does not).
  if (youtube)
    return { provider: 'youtube', id: youtube, thumbnail: `https://i.ytimg.com/vi/${youtube}/mqdefault.jpg`, href };
  const vimeo = vimeoId(url);
  if (vimeo) return { provider: 'vimeo', id: vimeo, href };
  return { provider: 'other', href };
}
