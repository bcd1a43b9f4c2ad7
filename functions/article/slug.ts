/**
 * Article slugs: typed in the editor or made from the title in the site's style (shared/slug.ts), and
 * unique: one `CMSSLUG#<slug>` item per article, moved in the save's transaction when the slug changes.
 */
import {
  mixedScriptWord,
  normalizeSlug,
  SLUG_MESSAGES,
  ARTICLE_SLUG_TAKEN as SLUG_TAKEN,
  slugify,
} from '../../shared/slug';
import { getRecord, moveUnique, type TransactItem } from '../lib/db/records';
import { badRequest } from '../lib/errors';
import { siteSlugStyle } from '../site-management/model';
import { type ArticleRecord, articleSlugKey, slugItem } from './model';

/** A new article's slug: the one typed (`explicit`: a taken one is refused), else made from the title. */
export async function newArticleSlug(typed: string | undefined, title: string) {
  const explicit = typed ? normalizeSlug(typed) : '';
  if (explicit) return { slug: explicit, explicit: true };
  const made = slugify(title, await siteSlugStyle()) || 'article';
  // A title word mixing look-alike scripts would make a URL that passes for another: it must be typed plainly.
  if (mixedScriptWord(made) !== undefined) throw badRequest(SLUG_MESSAGES.mixed);
  return { slug: made, explicit: false };
}

/** The slug a save keeps: the one sent (normalized), else the one the article has. */
export const savedSlug = (sent: string | undefined, current: string): string =>
  (sent ? normalizeSlug(sent) : '') || current;

/** Refuses (400) a slug that another article holds, before a save tries to claim it. */
export async function requireFreeSlug(slug: string, articleId: string): Promise<void> {
  const holder = await getRecord<{ articleId?: string }>(articleSlugKey(slug), true);
  if (holder && holder.articleId !== articleId) throw badRequest(SLUG_TAKEN);
}

/** The writes that move the article's slug item when its live slug changes: the old one freed, the new one claimed. */
export const slugMove = (current: ArticleRecord, next: ArticleRecord): TransactItem[] =>
  moveUnique(articleSlugKey(current.slug), articleSlugKey(next.slug), () => slugItem(next));

/** Whether the failed item of a save's transaction was the claim of a new slug (someone took it meanwhile). */
export const isSlugClaim = (failed: TransactItem | undefined): boolean =>
  String(failed?.Put?.Item?.pk ?? '').startsWith(articleSlugKey('').pk);
