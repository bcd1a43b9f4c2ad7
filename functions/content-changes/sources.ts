/**
 * The items whose changes the reader-facing site must hear of, as the table's stream shows them: an item is one
 * when its `pk` starts with `pkPrefix` and its `sk` is `sk`. The stack's event filter
 * (infra/aws/delivery.ts) and the local stream reader both read this list; the handler tells them apart by `kind`.
 */
import { adKey } from '../advertisement/model';
import { articleContentKey, articleKey } from '../article/model';
import { breakingNewsModel } from '../breaking-news/model';
import { categoryKey } from '../category/model';
import { epaperModel } from '../epaper/model';
import { homeLayoutModel } from '../home-layout/model';
import { activeMenuKey, menuModel } from '../menu/model';
import { siteModel } from '../site-management/model';

export type ContentSourceKind =
  | 'article'
  | 'articleContent'
  | 'category'
  | 'home'
  | 'menu'
  | 'menuActive'
  | 'breakingNews'
  | 'site'
  | 'epaper'
  | 'advertisement';

export interface ContentSource {
  kind: ContentSourceKind;
  pkPrefix: string;
  sk: string;
}

/** A source from its key builder (called with '' for an entity's prefix) or its one fixed key. */
const of = (kind: ContentSourceKind, key: { pk: string; sk: string }): ContentSource => ({
  kind,
  pkPrefix: key.pk,
  sk: key.sk,
});

export const CONTENT_SOURCES: readonly ContentSource[] = [
  of('article', articleKey('')),
  of('articleContent', articleContentKey('')),
  of('category', categoryKey('')),
  of('home', homeLayoutModel.key),
  of('menu', menuModel.key('')),
  of('menuActive', activeMenuKey('')),
  of('breakingNews', breakingNewsModel.key('')),
  of('site', siteModel.key),
  of('epaper', epaperModel.key('')),
  of('advertisement', adKey('')),
];

/** The source an item's key is of, if any. */
export function sourceOf(key: { pk?: unknown; sk?: unknown }): ContentSource | undefined {
  const pk = typeof key.pk === 'string' ? key.pk : '';
  const sk = typeof key.sk === 'string' ? key.sk : '';
  return CONTENT_SOURCES.find((s) => pk.startsWith(s.pkPrefix) && s.sk === sk);
}
