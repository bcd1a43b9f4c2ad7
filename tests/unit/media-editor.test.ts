import { describe, expect, it } from 'vitest';
import { articleSchemaFor } from '../../shared/schemas/article';
import type { ArticleDetail } from '../../web/src/articles/api';
import { mediaBody, mediaFormValues } from '../../web/src/articles/media/media-form';
import { itemsForSave, moveItem, removeAt, switchSource } from '../../web/src/articles/media/media-items';
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

describe('video and gallery items', () => {
  const link = { url: ' https://example.com/a.jpg ', description: ' Crowd ', file: null };
  const upload = { url: '', description: 'Hall', file: '01J00000000000000000000000' };

  it('moves and removes items without touching the list given', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 0, 5)).toEqual(['a', 'b', 'c']);
    expect(removeAt(list, 1)).toEqual(['a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('switching between link and upload drops the other half', () => {
    expect(switchSource(upload, 'link')).toEqual({ url: '', description: 'Hall', file: null });
    expect(switchSource(link, 'upload')).toEqual({ url: '', description: ' Crowd ', file: null });
  });

  it('sends items trimmed, each with either a link or a file', () => {
    expect(itemsForSave([link, { ...upload, url: 'https://left.over' }])).toEqual([
      { url: 'https://example.com/a.jpg', description: 'Crowd', file: null },
      { url: '', description: 'Hall', file: '01J00000000000000000000000' },
    ]);
  });
});

describe('media form values', () => {
  const now = new Date('2026-03-14T10:00:00.000Z');
  const author = '01J0000000000000000000000A';

  it('a new video starts with the signed-in author, no publish date (it follows now) and one empty video', () => {
    const values = mediaFormValues('Video', undefined, { author, now });
    expect(values).toMatchObject({ user: author, publishDate: null, gallery: [], tags: [] });
    expect(values.videos).toEqual([{ url: '', description: '', file: null }]);
    // The empty form fails the shared schema with the contract's messages, not with type errors.
    const parsed = articleSchemaFor('Video').safeParse(values);
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining(['Title is required', 'Description is required', 'Add a video link or upload an mp4']),
    );
  });

  it('a gallery sends its tags and images, a video its videos only', () => {
    const stored = {
      _id: 'x',
      type: 'Gallery',
      title: 'Count',
      categories: ['c'],
      user: author,
      description: 'd',
      canonicalUrl: '',
      seo: { title: 's', description: 'sd', metaTags: [{ property: 'keywords', content: 'k' }] },
      image: 'img',
      imageTitle: '',
      publishDate: now.toISOString(),
      isSponsored: true,
      tags: ['a'],
      videos: [],
      gallery: [{ url: 'https://example.com/a.jpg', description: '', file: null }],
      media: {},
    } as unknown as ArticleDetail;
    const values = mediaFormValues('Gallery', stored, { author: 'someone-else', now });
    expect(values.user).toBe(author);
    const gallery = mediaBody('Gallery', values);
    expect(gallery).toMatchObject({ tags: ['a'], isSponsored: true, image: 'img' });
    expect(gallery).not.toHaveProperty('videos');
    expect(gallery.seo?.metaTags).toEqual([{ property: 'keywords', content: 'k' }]);
    const video = mediaBody('Video', { ...values, videos: [] });
    expect(video).not.toHaveProperty('gallery');
    expect(video).not.toHaveProperty('tags');
  });
});
