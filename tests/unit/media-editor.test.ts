import { describe, expect, it } from 'vitest';
import { localDayOf, publishInstantForDay, publishInstantFromPicker } from '../../web/src/articles/media/publish-day';
import { parseVideoLink } from '../../web/src/articles/media/video-links';

describe('video-sharing links', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  ])('recognises the YouTube video in %s', (link) => {
    expect(parseVideoLink(link)).toMatchObject({
      provider: 'youtube',
      id: 'dQw4w9WgXcQ',
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg',
    });
  });

  it('recognises Vimeo videos', () => {
    expect(parseVideoLink('https://vimeo.com/76979871')).toMatchObject({ provider: 'vimeo', id: '76979871' });
    expect(parseVideoLink('https://player.vimeo.com/video/76979871')).toMatchObject({
      provider: 'vimeo',
      id: '76979871',
    });
  });

  it('keeps other http(s) links as plain links', () => {
    expect(parseVideoLink('https://example.com/clip.mp4')).toEqual({
      provider: 'other',
      href: 'https://example.com/clip.mp4',
    });
    // A YouTube page that is not a video is just a link.
    expect(parseVideoLink('https://www.youtube.com/@channel')).toMatchObject({ provider: 'other' });
    expect(parseVideoLink('https://www.youtube.com/watch?v=short')).toMatchObject({ provider: 'other' });
  });

  it('refuses what is not an http(s) link', () => {
    expect(parseVideoLink('not a link')).toBeUndefined();
    expect(parseVideoLink('javascript:alert(1)')).toBeUndefined();
    expect(parseVideoLink('ftp://example.com/a.mp4')).toBeUndefined();
    expect(parseVideoLink('')).toBeUndefined();
  });
});

describe('publish day of video and gallery (date only)', () => {
  // Run with any TZ: the expectations are built from local dates too.
  const now = new Date(2026, 2, 14, 15, 42, 10);

  it('today is stored as now', () => {
    expect(publishInstantForDay('2026-03-14', now)).toBe(now.toISOString());
  });

  it('another day is stored as its local midnight', () => {
    expect(publishInstantForDay('2026-03-20', now)).toBe(new Date(2026, 2, 20).toISOString());
    expect(publishInstantForDay('2025-12-31', now)).toBe(new Date(2025, 11, 31).toISOString());
  });

  it('reads the picked day from whatever instant the picker gives', () => {
    expect(publishInstantFromPicker(new Date(2026, 2, 20, 12).toISOString(), now)).toBe(
      new Date(2026, 2, 20).toISOString(),
    );
    expect(publishInstantFromPicker(new Date(2026, 2, 14, 0, 0).toISOString(), now)).toBe(now.toISOString());
    expect(publishInstantFromPicker(null, now)).toBeNull();
    expect(localDayOf('garbage')).toBeNull();
    expect(localDayOf(new Date(2026, 0, 2, 23, 59).toISOString())).toBe('2026-01-02');
  });
});
