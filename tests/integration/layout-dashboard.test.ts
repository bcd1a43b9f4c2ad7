import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../functions/lib/ids';
import { STALE_VERSION_MESSAGE } from '../../shared/constants';
import type { WorkflowAction } from '../../shared/workflow';
import {
  type ArticleOverrides,
  actorWith,
  articleFields,
  createArticle,
  createCategory,
  paragraph,
  postArticle,
} from './factories';
import { call, errorText, inHours, rootSession, uploadFile } from './helpers';

let token: string;
let adminId: string;
let categoryId: string;

/** A story by the admin in this file's category (overrides on top), created with `action`: its id. */
const article = async (action: WorkflowAction, extra: ArticleOverrides = {}) =>
  (await createArticle(token, articleFields({ categories: [categoryId], user: adminId }, extra), action))._id;

/** A published video: no sections (`body: undefined` is left out of the JSON), a clip instead. */
const videoArticle = () =>
  article('publish', {
    type: 'Video',
    title: `Clip ${newId()}`,
    description: 'A clip',
    seo: { title: 'Clip', description: 'A clip' },
    videos: [{ url: 'https://vimeo.com/1' }],
    body: undefined,
  });

interface Layout {
  _id: string;
  version: number;
  body: {
    headlines: { _id: string; title: string }[];
    topStory: { _id: string }[];
    coverStory: { _id: string } | null;
    sections: { type: string; category: { _id: string; name: string } | null; articles: { _id: string }[] }[];
  };
}

const home = async () => (await call<Layout>('GET', '/layout/home', { token })).body.data as Layout;
const save = (layout: Pick<Layout, '_id' | 'version'>, body: Record<string, unknown>, as = token) =>
  call<Layout>('PATCH', `/layout/${layout._id}`, {
    token: as,
    body: { version: layout.version, body: { headlines: [], topStory: [], coverStory: null, sections: [], ...body } },
  });

beforeAll(async () => {
  ({ token, id: adminId } = await rootSession());
  categoryId = (await createCategory(token, { name: `Home ${newId()}` }))._id;
});

describe('the home layout', () => {
  it('stores headlines, top stories, the cover story and sections, and returns them filled in', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => article('publish')));
    const clip = await videoArticle();
    const layout = await home();
    const res = await save(layout, {
      headlines: ids,
      topStory: [ids[2]],
      coverStory: ids[0],
      sections: [
        {
          type: 'Category',
          category: categoryId,
          articles: [ids[1]],
          name: 'Local',
          template: 'template-2',
          color: '#AA0000',
        },
        { type: 'Video', articles: [clip], name: 'Watch', template: 'template-1', color: '#000000' },
      ],
    });
    expect(res.status).toBe(200);
    const saved = await home();
    expect(saved.version).toBe(layout.version + 1);
    expect(saved.body.headlines.map((a) => a._id)).toEqual(ids);
    expect(saved.body.coverStory?._id).toBe(ids[0]);
    expect(saved.body.sections[0]?.category?._id).toBe(categoryId);
    expect(saved.body.sections[1]?.articles.map((a) => a._id)).toEqual([clip]);
  });

  it('refuses more than 5 headlines or 7 top stories, duplicates, and articles that are not Published', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => article('publish')));
    const draft = await article('save');
    const layout = await home();
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await save(layout, body);
      expect(res.status).toBe(400);
      expect(errorText(res)).toContain(message);
    };
    await refused({ headlines: ids.slice(0, 6) }, 'At most 5 headlines');
    await refused({ topStory: ids }, 'At most 7 top stories');
    await refused({ headlines: [ids[0], ids[0]] }, 'appears twice');
    await refused({ headlines: [draft] }, 'Only published articles');
    await refused({ coverStory: newId() }, 'Only published articles');
    await refused(
      { sections: [{ type: 'Video', articles: [ids[0]], name: 'V', template: 'template-1', color: '#000000' }] },
      'only articles of its type',
    );
    await refused(
      { sections: [{ type: 'Advertisement', articles: [], name: 'Ad', template: 'template-1', color: '#000000' }] },
      'Sections are Category, Video or Gallery',
    );
    await refused(
      { sections: [{ type: 'Category', articles: [], name: 'C', template: 'template-1', color: '#000000' }] },
      'Choose the category',
    );
    await refused(
      {
        sections: [
          { type: 'Category', category: categoryId, articles: [], name: 'C', template: 'template-9', color: 'red' },
        ],
      },
      'Choose a template',
    );
    expect((await home()).version).toBe(layout.version);
    expect((await save(layout, { headlines: ids.slice(0, 5), topStory: ids.slice(0, 7) })).status).toBe(200);
  });

  it('refuses a Page (About us) in every slot with 400, naming it, and changes nothing', async () => {
    const page = await article('publish', {
      type: 'Page',
      title: `About us ${newId()}`,
      body: [{ title: 'Who we are', body: paragraph('A newsroom.') }],
      categories: undefined,
      user: undefined,
      publishDate: undefined,
    });
    const story = await article('publish');
    const layout = await home();
    const section = (type: string, articles: string[]) => ({
      type,
      category: type === 'Category' ? categoryId : null,
      articles,
      name: 'S',
      template: 'template-1',
      color: '#000000',
    });
    for (const body of [
      { headlines: [story, page] },
      { topStory: [page] },
      { coverStory: page },
      { sections: [section('Category', [page])] },
    ]) {
      const res = await save(layout, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorText(res)).toMatch(
        /^ValidationError: Only articles, blogs, videos and galleries can be placed on the home page \(“About us .+” is a Page\)$/,
      );
    }
    expect((await home()).version).toBe(layout.version);
    expect((await save(layout, { headlines: [story], coverStory: story })).status).toBe(200);
  });

  it("offers the pickers' search news only, each with its cover image when asked", async () => {
    const word = `Picker${newId().slice(-8)}`;
    const desk = (await createCategory(token, { name: `Desk ${newId()}` }))._id;
    const cover = await uploadFile(token, 'cover-image');
    const [withCover, plain, page] = await Promise.all([
      article('publish', { title: `${word} with cover`, image: cover, imageAlt: 'Cover', categories: [desk] }),
      article('publish', { type: 'Blog', title: `${word} plain blog`, categories: [desk] }),
      article('publish', {
        type: 'Page',
        title: `${word} about us`,
        body: [{ title: 'Who we are', body: paragraph('A newsroom.') }],
        categories: [desk],
        user: undefined,
        publishDate: undefined,
      }),
    ]);
    interface Row {
      _id: string;
      type: string;
      imageUrl?: string | null;
    }
    const list = async (query: string) => {
      const res = await call<{ list: Row[]; total: number }>('GET', `/cms?status=Publish&${query}`, { token });
      expect(res.status, errorText(res)).toBe(200);
      return res.body.data ?? { list: [], total: 0 };
    };
    // Without the new parameters the list is as it was: the Page is in it, and no row carries an image.
    const all = await list(`search=${word}`);
    expect(all.list.map((r) => r._id).sort()).toEqual([withCover, plain, page].sort());
    expect(all.list.every((r) => !('imageUrl' in r))).toBe(true);

    // A title search (its postings hold no image) and a category's listing (its rows do) both answer the cover.
    for (const query of [`search=${word}`, `categories=${desk}`]) {
      const news = await list(`${query}&types=Article,Blog,Video,Gallery&images=true`);
      expect(news.total, query).toBe(2);
      expect(news.list.map((r) => r.type).sort()).toEqual(['Article', 'Blog']);
      expect(news.list.find((r) => r._id === withCover)?.imageUrl).toMatch(/^\/media\//);
      expect(news.list.find((r) => r._id === plain)?.imageUrl).toBeNull();
    }

    const blogs = await list(`categories=${desk}&types=Blog,Video&images=true`);
    expect(blogs.list.map((r) => r._id)).toEqual([plain]);
    expect((await list(`search=${word}&types=Page`)).list.map((r) => r._id)).toEqual([page]);

    const bad = await call('GET', '/cms?types=Article,Poster', { token });
    expect(bad.status).toBe(400);
    expect(errorText(bad)).toContain('types lists article types');
    expect((await call('GET', '/cms?images=yes', { token })).status).toBe(400);
  });

  it('refuses a stale version with 409 and an unknown layout id with 404', async () => {
    const layout = await home();
    expect((await save(layout, {})).status).toBe(200);
    const stale = await save(layout, {});
    expect(stale.status).toBe(409);
    expect(errorText(stale)).toBe(`Conflict: ${STALE_VERSION_MESSAGE}`);
    expect((await save({ _id: newId(), version: layout.version + 1 }, {})).status).toBe(404);
  });

  it('is open to any signed-in user (CONTRACT.md §6) and closed to visitors', async () => {
    const nobody = await actorWith({});
    expect((await call('GET', '/layout/home', { token: nobody.token })).status).toBe(200);
    expect((await call('GET', '/layout/home')).status).toBe(401);
  });
});

interface Dashboard {
  articles: {
    counts: Record<string, number>;
    needReview: { _id: string; createdAt: string }[];
    upcoming: { _id: string }[];
    late: { _id: string }[];
    recentlyUpdated: { _id: string; updatedAt: string }[];
  } | null;
  advertisements: { total: number; running: unknown[] } | null;
  epapers: { total: number } | null;
}

describe('the dashboard', () => {
  it('shows counts, the review queue, upcoming and recent articles to article readers', async () => {
    const contributor = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    const review = await postArticle(
      contributor.token,
      articleFields({ categories: [categoryId], user: contributor.user._id }, { title: `Please review ${newId()}` }),
      'publish',
    );
    const soon = await article('publish', { publishDate: inHours(0.5) });
    const data = (await call<Dashboard>('GET', '/dashboard', { token })).body.data as Dashboard;
    const list = (await call<{ total: number }>('GET', '/cms?status=Need%20Review', { token })).body.data;
    expect(data.articles?.counts['Need Review']).toBe(list?.total);
    // The queue is oldest first, five at most.
    const queue = data.articles?.needReview ?? [];
    if ((list?.total ?? 0) <= 5) expect(queue.map((a) => a._id)).toContain(review.body.data?._id);
    expect(queue.map((a) => a.createdAt)).toEqual(queue.map((a) => a.createdAt).sort());
    expect(data.articles?.upcoming.map((a) => a._id)).toContain(soon);
    const recent = data.articles?.recentlyUpdated ?? [];
    expect(recent.map((a) => a._id)).toContain(soon);
    expect(recent.map((a) => a.updatedAt)).toEqual(
      recent
        .map((a) => a.updatedAt)
        .sort()
        .reverse(),
    );
    expect(data.advertisements).not.toBeNull();
    expect(data.epapers).not.toBeNull();
  });

  it('leaves out what the user may not read', async () => {
    const adsOnly = await actorWith({ Advertisement: ['Read'] });
    const data = (await call<Dashboard>('GET', '/dashboard', { token: adsOnly.token })).body.data as Dashboard;
    expect(data.articles).toBeNull();
    expect(data.epapers).toBeNull();
    expect(data.advertisements).not.toBeNull();
  });
});
