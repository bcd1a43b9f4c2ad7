/**
 * An article as its editor last saved it, for previews (CONTRACT.md §7 Preview links): a live article with pending
 * changes shows its draft's fields over the live row and content; any other article (Draft, Need Review,
 * Scheduled, Rejected, Published without changes) shows what is stored. What the public site shows is the published
 * projection instead (functions/content-changes/), which never reads a draft. It imports content.ts and records.ts,
 * never fields.ts, views.ts or model.ts: the public preview Lambda reaches it and must reach no write command.
 */
import { PREVIEW_PLACEHOLDERS } from '../../shared/schemas/preview';
import { contentOf, publishDateOf, readableContent } from './content';
import type { LoadedArticle } from './records';

/** The slug a preview shows: a live article's pending changes' slug when it has some, else its own. */
export const savedSlug = ({ row, draft }: Pick<LoadedArticle, 'row' | 'draft'>): string =>
  draft?.fields.slug || row.slug;

/** The row and content a preview shows, and whether they are a live article's unpublished changes. */
export function savedState(loaded: LoadedArticle): LoadedArticle & { pendingChanges: boolean } {
  const { row, content, draft } = loaded;
  if (!draft) return { row, content: readableContent(content), pendingChanges: false };
  const fields = draft.fields;
  const user = fields.user ?? row.user;
  return {
    row: {
      ...row,
      title: fields.title,
      slug: savedSlug(loaded),
      categories: fields.categories ?? [],
      user,
      // The draft keeps the name of an author it moves the article to; older drafts fall back to the live one.
      authorName: user === row.user ? row.authorName : (draft.authorName ?? row.authorName),
      image: fields.image ?? null,
      publishDate: publishDateOf(fields) ?? row.publishDate,
      isSponsored: fields.isSponsored ?? false,
      updatedAt: draft.at,
    },
    // As a save makes it, section HTML cleaned once more.
    content: contentOf(fields),
    pendingChanges: true,
  };
}

/** The site's preview address for a slug and token: the template's placeholders filled, the slug percent-encoded. */
export const previewAddress = (template: string, slug: string, token: string) =>
  template
    .replaceAll(PREVIEW_PLACEHOLDERS.slug, encodeURIComponent(slug))
    .replaceAll(PREVIEW_PLACEHOLDERS.token, encodeURIComponent(token));
