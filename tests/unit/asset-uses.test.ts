/** Which files an item uses (functions/asset/uses.ts), read from items as the table stores them. */
import { describe, expect, it } from 'vitest';
import { articleRevisionKey } from '../../functions/article/model';
import { fileSourceOf, filesOfItem } from '../../functions/asset/uses';

const A = '01JAAAAAAAAAAAAAAAAAAAAAAA';
const B = '01JBBBBBBBBBBBBBBBBBBBBBBB';
const C = '01JCCCCCCCCCCCCCCCCCCCCCCC';
const plain = (uses: Map<string, string[]>) => Object.fromEntries(uses);

describe('the files an item uses', () => {
  it("an article's row its cover; its content its videos, their covers, gallery items and pictures in the text", () => {
    expect(plain(filesOfItem({ pk: 'CMS#X', sk: 'CMS', image: A }))).toEqual({ [A]: ['cover'] });
    const body = [
      {
        title: '',
        body: { blocks: [{ type: 'image', data: { file: { url: `/media/editor-image/${C.toLowerCase()}.png` } } }] },
      },
    ];
    const content = {
      pk: 'CMS#X',
      sk: 'CONTENT',
      videos: [{ url: '', file: A, image: B }],
      gallery: [
        { url: '', file: B },
        { url: 'https://elsewhere.example/x.jpg', file: null },
      ],
      body,
    };
    expect(plain(filesOfItem(content))).toEqual({ [A]: ['video'], [B]: ['video cover', 'gallery'], [C]: ['body'] });
    expect(plain(filesOfItem({ pk: 'CMS#X', sk: 'DRAFT', fields: { image: A, body } }))).toEqual({
      [A]: ['cover'],
      [C]: ['body'],
    });
  });

  it('a trashed record by what it held; the site by its logo and favicon; others not at all', () => {
    expect(plain(filesOfItem({ pk: 'AD#X', sk: 'TRASH', record: { images: [{ file: A }, { file: B }] } }))).toEqual({
      [A]: ['image'],
      [B]: ['image'],
    });
    expect(
      plain(filesOfItem({ pk: 'SITE', sk: 'SITE', siteLogo: { _id: A, url: '/media/x' }, siteFavicon: null })),
    ).toEqual({
      [A]: ['logo'],
    });
    // Revisions, autosaves, locks and look-alike partitions use nothing.
    expect(fileSourceOf({ pk: 'CMS#X', sk: articleRevisionKey('X', 1).sk })).toBeUndefined();
    expect(fileSourceOf({ pk: 'CMS#X', sk: 'AUTOSAVE#U' })).toBeUndefined();
    expect(fileSourceOf({ pk: 'SITEMAP', sk: 'SITE' })).toBeUndefined();
    expect(plain(filesOfItem({ pk: 'CATEGORY#X', sk: 'CATEGORY', image: 'not-an-id' }))).toEqual({});
  });
});
