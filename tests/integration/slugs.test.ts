/**
 * Slugs in every script: made from a title or name in the site's slug style, typed and normalized,
 * unique, moved with a save (a live article's only when its changes go live), percent-encoded in URLs.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleSlugKey } from '../../functions/article/model';
import { categorySlugKey } from '../../functions/category/model';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import { ARTICLE_SLUG_TAKEN } from '../../shared/slug';
import { type ArticleOverrides, articleFields, createArticle, postArticle, sections } from './factories';
import { call, editorCall, errorText, rootSession } from './helpers';
import { siteBodyOf, storedSite, withSiteRecord } from './site-fixture';

interface Article {
  _id: string;
  slug: string;
  url: string;
  status: string;
  version: number;
  draft: { fields: { slug?: string } } | null;
}
interface Category {
  _id: string;
  slug: string;
  version: number;
  name: string;
}

let token: string;
let adminId: string;
let categoryId: string;

const tag = () => newId().slice(-8).toLowerCase();
/** A valid Article with a Hindi title and body: the slugs below are made from its title. */
const fields = (extra: ArticleOverrides = {}) =>
  articleFields(
    { categories: [categoryId], user: adminId },
    { title: `राजनीति में नया मोड़ ${tag()}`, body: sections('नई सरकार ने शपथ ली।'), ...extra },
  );

const save = (a: Article, extra: ArticleOverrides, action = 'save') =>
  editorCall<Article>('PATCH', `/cms/${a._id}`, { token, body: { version: a.version, action, ...fields(extra) } });
const slugHolder = async (key: { pk: string; sk: string }) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

const category = (body: Record<string, unknown>) => call<Category>('POST', '/category/create', { token, body });

beforeAll(async () => {
  ({ token, id: adminId } = await rootSession());
  categoryId = ((await category({ name: `राजनीति ${tag()}` })).body.data as Category)._id;
});

describe('article slugs', () => {
  it('gives a Hindi title a Hindi slug, and percent-encodes it in the url', async () => {
    const t = tag();
    const a = await createArticle(token, fields({ title: `राजनीति में नया मोड़ ${t}` }));
    expect(a.slug).toBe(`राजनीति-में-नया-मोड़-${t}`);
    expect(a.url).toBe(`/${encodeURIComponent(a.slug)}`);
    expect(a.url).toMatch(/^\/%E0%A4%B0%E0%A4%BE/);
    expect(decodeURIComponent(a.url)).toBe(`/${a.slug}`);
    expect(await slugHolder(articleSlugKey(a.slug))).toMatchObject({ articleId: a._id });
    const rows = await call<{ list: { _id: string; url: string }[] }>('GET', `/cms?search=${encodeURIComponent(t)}`, {
      token,
    });
    expect(rows.body.data?.list.find((r) => r._id === a._id)?.url).toBe(a.url);
  });

  it('normalizes a typed slug, in the script it was typed in', async () => {
    const t = tag();
    expect((await createArticle(token, fields({ slug: `  My Story, ${t.toUpperCase()}! ` }))).slug).toBe(
      `my-story-${t}`,
    );
    expect((await createArticle(token, fields({ slug: `मेरी ख़बर ${t}` }))).slug).toBe(`मेरी-ख़बर-${t}`);
    expect((await createArticle(token, fields({ slug: encodeURIComponent(`चुनाव-${t}`) }))).slug).toBe(`चुनाव-${t}`);
    const refused = await postArticle(token, fields({ slug: '🎉 !!!' }));
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toBe('ValidationError: The URL needs at least one letter or digit');
  });

  it('refuses a typed slug another article holds with 400; a title’s own is made unique', async () => {
    const first = await createArticle(token, fields());
    const taken = await postArticle(token, fields({ slug: first.slug }));
    expect(taken.status).toBe(400);
    expect(errorText(taken)).toBe(`ValidationError: ${ARTICLE_SLUG_TAKEN}`);
    const namesake = await createArticle(token, fields({ title: (await detailTitle(first._id)) ?? '' }));
    expect(namesake.slug).not.toBe(first.slug);
    expect(namesake.slug.startsWith(first.slug)).toBe(true);
  });

  it('moves the slug when a save changes it, freeing the old one; a held one is refused', async () => {
    const a = await createArticle(token, fields());
    const old = a.slug;
    const next = `नया-पता-${tag()}`;
    const moved = await save(a, { slug: next });
    expect(moved.status).toBe(200);
    expect(moved.body.data?.slug).toBe(next);
    expect(await slugHolder(articleSlugKey(old))).toBeUndefined();
    expect(await slugHolder(articleSlugKey(next))).toMatchObject({ articleId: a._id });
    expect((await createArticle(token, fields({ slug: old }))).slug).toBe(old);

    const other = await createArticle(token, fields());
    const clash = await save(moved.body.data as Article, { slug: other.slug });
    expect(clash.status).toBe(400);
    expect(errorText(clash)).toBe(`ValidationError: ${ARTICLE_SLUG_TAKEN}`);
    // A save without a slug, or with the same one, keeps it.
    const kept = await save(moved.body.data as Article, {});
    expect(kept.body.data?.slug).toBe(next);
  });

  it('keeps a live article’s slug until its changes are published', async () => {
    const live = await createArticle(token, fields(), 'publish');
    expect(live.status).toBe('Published');
    const next = `live-change-${tag()}`;
    const drafted = await save(live, { slug: next });
    expect(drafted.body.data).toMatchObject({
      slug: live.slug,
      status: 'Published',
      draft: { fields: { slug: next } },
    });
    expect(await slugHolder(articleSlugKey(live.slug))).toMatchObject({ articleId: live._id });
    expect(await slugHolder(articleSlugKey(next))).toBeUndefined();

    const published = await save(drafted.body.data as Article, { slug: next }, 'publish');
    expect(published.body.data).toMatchObject({ slug: next, status: 'Published', draft: null });
    expect(await slugHolder(articleSlugKey(live.slug))).toBeUndefined();
    expect(await slugHolder(articleSlugKey(next))).toMatchObject({ articleId: live._id });
  });
});

async function detailTitle(id: string) {
  return (await call<{ title: string }>('GET', `/cms/detail/${id}`, { token })).body.data?.title;
}

describe('category slugs', () => {
  it('keep a Hindi name’s script, number a namesake, normalize a typed one and refuse a held one', async () => {
    const t = tag();
    const sport = (await category({ name: `खेल समाचार ${t}` })).body.data as Category;
    expect(sport.slug).toBe(`खेल-समाचार-${t}`);
    // A namesake under another parent (siblings may not share a name).
    const namesake = (await category({ name: `खेल समाचार ${t}`, parent: sport._id })).body.data as Category;
    expect(namesake.slug).toBe(`खेल-समाचार-${t}-2`);
    const typed = (await category({ name: `Cricket ${t}`, slug: `Cricket News ${t}` })).body.data as Category;
    expect(typed.slug).toBe(`cricket-news-${t}`);
    const clash = await category({ name: 'Other', slug: sport.slug });
    expect(clash.status).toBe(409);
    expect(errorText(clash)).toBe('Conflict: Slug already exists');
  });

  it('move the slug when it is changed, freeing the old one', async () => {
    const t = tag();
    const c = (await category({ name: `मौसम ${t}` })).body.data as Category;
    const res = await call<Category>('PATCH', `/category/${c._id}`, {
      token,
      body: { name: c.name, slug: `बारिश ${t}`, version: c.version },
    });
    expect(res.body.data?.slug).toBe(`बारिश-${t}`);
    expect(await slugHolder(categorySlugKey(c.slug))).toBeUndefined();
    expect(await slugHolder(categorySlugKey(`बारिश-${t}`))).toMatchObject({ categoryId: c._id });
  });
});

describe('the site’s slug style', () => {
  withSiteRecord(() => token);

  const setStyle = async (slugStyle: string) => {
    const site = await storedSite();
    const res = await call('PATCH', `/site-management/${site._id}`, { token, body: siteBodyOf(site, { slugStyle }) });
    expect(res.status).toBe(200);
  };
  afterAll(() => setStyle('native'));

  it('latin spells new Hindi titles and names in Latin letters; typed slugs stay as typed', async () => {
    await setStyle('latin');
    expect((await call<{ slugStyle: string }>('GET', '/site-management', { token })).body.data?.slugStyle).toBe(
      'latin',
    );
    const t = tag();
    expect((await createArticle(token, fields({ title: `राजनीति में नया मोड़ ${t}` }))).slug).toBe(
      `rajniti-men-naya-mor-${t}`,
    );
    expect((await createArticle(token, fields({ title: `ਪੰਜਾਬ ਦੀ ਰਾਜਨੀਤੀ ${t}` }))).slug).toBe(`panjab-di-rajniti-${t}`);
    expect((await createArticle(token, fields({ title: `پاکستان کی سیاست ${t}` }))).slug).toBe(`pakstan-ki-siast-${t}`);
    expect((await createArticle(token, fields({ slug: `राजनीति ${t}` }))).slug).toBe(`राजनीति-${t}`);
    expect(((await category({ name: `खेल समाचार ${t}` })).body.data as Category).slug).toBe(`khel-samachar-${t}`);
    // A site save that leaves the style out keeps it.
    const site = await storedSite();
    await call('PATCH', `/site-management/${site._id}`, { token, body: siteBodyOf(site) });
    expect((await storedSite()).slugStyle).toBe('latin');
  });

  it('native is the default and is what a new site gets', async () => {
    await setStyle('native');
    const t = tag();
    expect((await createArticle(token, fields({ title: `খেলার খবর ${t}` }))).slug).toBe(`খেলার-খবর-${t}`);
  });
});
