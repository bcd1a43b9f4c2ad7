/**
 * The delivery API's answers, read from the published projection only (functions/published/model.ts): stored
 * documents are sent as stored, lists are one Query of a feed. Every answer has a strong ETag (a matching
 * If-None-Match gets 304, reading no more than the ETag needs) and the cache headers of DELIVERY_CACHE.
 */
import { DELIVERY_CACHE } from '../../shared/constants';
import {
  CONTENT_PAGE_DEFAULT,
  CONTENT_SEARCH_PAGES_MAX,
  type ContentPageQuery,
  type ContentSearchQuery,
  type PublicCard,
  type PublicCategory,
} from '../../shared/schemas/content';
import { clock } from '../lib/clock';
import { equals } from '../lib/db/paging';
import { HttpError } from '../lib/errors';
import { jsonReply } from '../lib/http';
import { type ArticleState, DOCS, etagOf, FEEDS, tagKey } from '../published/keys';
import { readDoc, readDocEtag, readDocStates, readFeed, readSlug } from '../published/reads';
import { ARTICLE_SEARCH } from '../search/keys';
import { searchPage } from '../search/query';
import { searchWords } from '../search/terms';

export const CACHED = [
  'public',
  `max-age=${DELIVERY_CACHE.maxAgeSeconds}`,
  `s-maxage=${DELIVERY_CACHE.sharedMaxAgeSeconds}`,
  `stale-while-revalidate=${DELIVERY_CACHE.staleWhileRevalidateSeconds}`,
  `stale-if-error=${DELIVERY_CACHE.staleIfErrorSeconds}`,
].join(', ');
const CACHED_NOT_FOUND = `public, max-age=0, s-maxage=${DELIVERY_CACHE.notFoundSharedMaxAgeSeconds}`;

/** A published article's status, which the search's postings carry. */
const PUBLISHED = 'Published';

/** A 404 the CDN may keep a little while. */
const gone = (text: string) => new HttpError(404, 'NotFound', text, { 'cache-control': CACHED_NOT_FOUND });

/** The conditional request's ETags (`If-None-Match`), weak or strong alike (RFC 9110 weak comparison). */
export function matches(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The answer of `json` with ETag `etag`: 304 when the caller has it. */
function answer(ifNoneMatch: string, etag: string, json: string) {
  const headers = { etag, 'cache-control': CACHED };
  return matches(ifNoneMatch, etag) ? jsonReply(304, undefined, headers) : jsonReply(200, json, headers);
}

/**
 * A stored document: a revalidation reads its ETag alone. `missing` is the 404's text, or the data to answer with
 * while there is no document yet (an empty home page, no breaking news).
 */
async function storedDoc(name: string, ifNoneMatch: string, missing: string | { empty: unknown }) {
  if (ifNoneMatch) {
    const etag = await readDocEtag(name);
    if (etag && matches(ifNoneMatch, etag)) return jsonReply(304, undefined, { etag, 'cache-control': CACHED });
  }
  const doc = await readDoc(name);
  if (doc) return answer(ifNoneMatch, doc.etag, doc.json);
  if (typeof missing === 'string') throw gone(missing);
  return made(ifNoneMatch, missing.empty);
}

/** An answer made here: its ETag is its body's. */
function made(ifNoneMatch: string, data: unknown) {
  const json = JSON.stringify(data);
  return answer(ifNoneMatch, etagOf(json), json);
}

export const site = (ifNoneMatch: string) => storedDoc(DOCS.site, ifNoneMatch, 'The site is not set up yet');

export const menu = (name: string, ifNoneMatch: string) =>
  storedDoc(DOCS.menu(name), ifNoneMatch, 'There is no active menu of this name');

export const home = (ifNoneMatch: string) =>
  storedDoc(DOCS.home, ifNoneMatch, { empty: { headlines: [], topStory: [], coverStory: null, sections: [] } });

export const breakingNews = (ifNoneMatch: string) => storedDoc(DOCS.breakingNews, ifNoneMatch, { empty: [] });

const NO_ARTICLE = 'No published article has this address';

/** Whether a stored article's publish date has come (a copy dated later waits, unseen). */
const isDue = (state: ArticleState | undefined) => state !== undefined && state.card.publishDate <= clock.iso();

export async function articleBySlug(slug: string, ifNoneMatch: string) {
  const pointer = await readSlug(slug);
  if (!pointer) throw gone(NO_ARTICLE);
  if (matches(ifNoneMatch, pointer.etag))
    return jsonReply(304, undefined, { etag: pointer.etag, 'cache-control': CACHED });
  const doc = await readDoc<ArticleState>(DOCS.article(pointer.id));
  // A pointer left behind by a slug since taken by another article names a copy of another slug: not this one.
  if (!doc || !isDue(doc.state) || doc.state?.slug !== slug) throw gone(NO_ARTICLE);
  return answer(ifNoneMatch, doc.etag, doc.json);
}

export async function articleById(id: string, ifNoneMatch: string) {
  if (ifNoneMatch) {
    const etag = await readDocEtag(DOCS.article(id));
    if (etag && matches(ifNoneMatch, etag)) return jsonReply(304, undefined, { etag, 'cache-control': CACHED });
  }
  const doc = await readDoc<ArticleState>(DOCS.article(id));
  if (!doc || !isDue(doc.state)) throw gone(NO_ARTICLE);
  return answer(ifNoneMatch, doc.etag, doc.json);
}

const limitOf = (query: ContentPageQuery) => query.limit ?? CONTENT_PAGE_DEFAULT;

export async function latest(query: ContentPageQuery, ifNoneMatch: string) {
  return made(ifNoneMatch, await readFeed<PublicCard>(FEEDS.all, clock.iso(), limitOf(query), query.cursor));
}

export async function epapers(query: ContentPageQuery, ifNoneMatch: string) {
  return made(ifNoneMatch, await readFeed(FEEDS.epapers, clock.iso(), limitOf(query), query.cursor));
}

export async function category(slug: string, query: ContentPageQuery, ifNoneMatch: string) {
  // The category's document and its feed, both by slug: read side by side.
  const [doc, page] = await Promise.all([
    readDoc(DOCS.category(slug)),
    readFeed<PublicCard>(FEEDS.category(slug), clock.iso(), limitOf(query), query.cursor),
  ]);
  if (!doc) throw gone('There is no such category');
  return made(ifNoneMatch, { category: JSON.parse(doc.json) as PublicCategory, ...page });
}

export async function author(slug: string, query: ContentPageQuery, ifNoneMatch: string) {
  const [doc, page] = await Promise.all([
    readDoc(DOCS.author(slug)),
    readFeed<PublicCard>(FEEDS.author(slug), clock.iso(), limitOf(query), query.cursor),
  ]);
  if (!doc) throw gone('There is no such author');
  return made(ifNoneMatch, { author: JSON.parse(doc.json), ...page });
}

export async function tag(name: string, query: ContentPageQuery, ifNoneMatch: string) {
  const key = tagKey(name);
  const page = await readFeed<PublicCard>(FEEDS.tag(key), clock.iso(), limitOf(query), query.cursor);
  return made(ifNoneMatch, { tag: key, ...page });
}

/**
 * Title search over the index (functions/search/): the postings of every status, in the table itself, filtered to
 * Published (the status tabs are in an index, which the delivery Lambda's role may not read: its reach is held to
 * partition keys, which IAM checks on the table). They give the page's ids and the exact total; the cards come
 * from the published copies, so an article whose copy is not made yet (or no longer) is left out, and one dated
 * later too.
 */
export async function search(query: ContentSearchQuery, ifNoneMatch: string) {
  const page = Number(query.cursor ?? 1);
  const limit = limitOf(query);
  const words = searchWords(query.q);
  const filters = [equals('status', PUBLISHED)];
  const found = await searchPage({ collection: ARTICLE_SEARCH, words, page, limit, filters });
  const ids = found.list.map((posting) => String(posting._id));
  const states = ids.length > 0 ? await readDocStates<ArticleState>(ids.map(DOCS.article)) : new Map();
  const now = clock.iso();
  const list = ids.flatMap((id) => {
    const card = states.get(DOCS.article(id))?.state?.card;
    return card && card.publishDate <= now ? [card] : [];
  });
  const more = page * limit < found.total && found.list.length === limit && page < CONTENT_SEARCH_PAGES_MAX;
  const next = more ? String(page + 1) : null;
  return made(ifNoneMatch, { list, next, total: found.total });
}
