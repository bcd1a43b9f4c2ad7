/**
 * An article's public copy, made again from its records as they are now (never from the change that woke us, so
 * changes handled out of order or twice end the same): its document, its slug's pointer and its card in each feed
 * it belongs to, or none of them once it is not published. What it was before is the state its document keeps,
 * and the difference is the paths to purge and the event to send.
 */
import type { ContentEventName } from '../../shared/content-events';
import type { PublicArticle } from '../../shared/schemas/content';
import { getArticle, type LoadedArticle } from '../article/model';
import { mediaRefs } from '../asset/references';
import { categoryModel } from '../category/model';
import { batchGet } from '../lib/db/records';
import { type ArticleLookups, articleReferences, cardOf, publicArticle } from '../published/article';
import {
  type ArticleState,
  DOCS,
  docWrites,
  etagOf,
  FEEDS,
  feedItem,
  feedPartition,
  feedSortKey,
  type ItemKey,
  partsOf,
  putDoc,
  readDocStates,
  releaseSlug,
  slugKey,
  tagKey,
  writeItems,
} from '../published/model';
import { PUBLIC_PATHS } from '../published/public-paths';

export { authorSlug, cardOf } from '../published/article';
export type { ArticleState };

/** What one article's projection did. */
export interface ArticleOutcome {
  id: string;
  event?: ContentEventName;
  paths: string[];
  /** Its card changed, appeared or went: the home page must be made again if it is on it. */
  cardChanged: boolean;
  data: Record<string, unknown>;
}

/** Whether an article is shown to readers: Published, with a publish date (a Page too: read by slug, never listed). */
const isPublished = (a: LoadedArticle | undefined): a is LoadedArticle =>
  a !== undefined && a.row.status === 'Published' && Boolean(a.row.publishDate);

/** What an article's document names, read from the records: its categories and its files (published/article.ts). */
async function lookupsOf(loaded: LoadedArticle): Promise<ArticleLookups> {
  const ids = articleReferences(loaded);
  const [found, media] = await Promise.all([
    ids.categories.length ? batchGet(ids.categories.map(categoryModel.key), true) : [],
    mediaRefs(ids.media),
  ]);
  const categories = new Map(found.map(categoryModel.recordOf).map((c) => [c._id, c]));
  return { categories, media };
}

/** The feeds an article's card is in, and the list pages that show them. */
function placesOf(article: PublicArticle): { feeds: string[]; listPaths: string[] } {
  if (article.type === 'Page') return { feeds: [], listPaths: [] };
  const tags = [...new Set(article.tags.map(tagKey))];
  return {
    feeds: [
      FEEDS.all,
      ...article.categories.map((c) => FEEDS.category(c.slug)),
      FEEDS.author(article.author.slug),
      ...tags.map(FEEDS.tag),
    ],
    listPaths: [
      PUBLIC_PATHS.latest,
      PUBLIC_PATHS.search,
      ...article.categories.map((c) => PUBLIC_PATHS.category(c.slug)),
      PUBLIC_PATHS.author(article.author.slug),
      ...tags.map(PUBLIC_PATHS.tag),
    ],
  };
}

/** Makes article `id`'s public copy agree with its records; what changed, for the purge and the webhooks. */
export async function projectArticle(id: string): Promise<ArticleOutcome> {
  const name = DOCS.article(id);
  const [loaded, states] = await Promise.all([getArticle(id), readDocStates<ArticleState>([name], true)]);
  const before = states.get(name)?.state;
  const beforeEtag = states.get(name)?.etag;
  const shown = isPublished(loaded) ? publicArticle(loaded, await lookupsOf(loaded)) : undefined;
  const json = shown && JSON.stringify(shown);
  const etag = json && etagOf(json);
  if (etag === beforeEtag && before && shown) {
    return { id, paths: [], cardChanged: false, data: {} };
  }
  if (!before && !shown) return { id, paths: [], cardChanged: false, data: {} };

  const after: ArticleState | undefined =
    shown && loaded
      ? {
          slug: shown.slug,
          title: shown.title,
          sortKey: feedSortKey(shown.publishDate, id),
          ...placesOf(shown),
          card: cardOf(shown),
          parts: json ? partsOf(json) : 0,
        }
      : undefined;
  const doc = docWrites(name, json, after, before?.parts ?? 0);

  // The document last: its state is what the next change compares with, so writes cut short by a failure are made
  // again on the retry (the state still names the old copy) rather than taken as done.
  const puts: Record<string, unknown>[] = [];
  const deletes: ItemKey[] = [];
  if (before && (!after || before.slug !== after.slug)) await releaseSlug(before.slug, id);
  if (after && etag) puts.push({ ...slugKey(after.slug), id, etag });
  const kept = new Set(after ? after.feeds.map((feed) => `${feedPartition(feed)}\u0000${after.sortKey}`) : []);
  for (const feed of before?.feeds ?? []) {
    const key = { pk: feedPartition(feed), sk: before?.sortKey ?? '' };
    if (!kept.has(`${key.pk}\u0000${key.sk}`)) deletes.push(key);
  }
  if (after) for (const feed of after.feeds) puts.push(feedItem(feed, after.sortKey, after.card));
  await writeItems(puts, deletes);
  if (after) await putDoc(DOCS.author(after.card.author.slug), JSON.stringify(after.card.author));
  await writeItems(doc.puts, doc.deletes);

  const paths = new Set<string>([PUBLIC_PATHS.articleById(id)]);
  for (const state of [before, after]) {
    if (!state) continue;
    paths.add(PUBLIC_PATHS.article(state.slug));
    for (const path of state.listPaths) paths.add(path);
  }
  const event: ContentEventName = !before
    ? 'article.published'
    : after
      ? 'article.updated'
      : loaded
        ? 'article.retracted'
        : 'article.removed';
  const latest = after ?? before;
  return {
    id,
    event,
    paths: [...paths],
    cardChanged: JSON.stringify(before?.card) !== JSON.stringify(after?.card),
    data: {
      id,
      slug: latest?.slug,
      title: latest?.title,
      ...(after ? { path: PUBLIC_PATHS.article(after.slug) } : {}),
      ...(before && after && before.slug !== after.slug ? { previousSlug: before.slug } : {}),
    },
  };
}
