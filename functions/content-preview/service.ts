/**
 * GET /content/v1/preview/{token} (CONTRACT.md §7 Preview links): the article a preview token names, as its editor
 * last saved it (functions/article/preview.ts), shaped as the delivery API shows a published article
 * (publicArticle), with what the preview is of. It reads through read-only modules alone (the article's read,
 * the categories and files by key): this Lambda faces the public, and its role may read and note a content key's
 * use, nothing else (tests/infra/table-access.test.ts). Never cached: `private, no-store` keeps it out of the CDN (and
 * the local gateway's stand-in, which keeps only `public` answers), and a token works for minutes only.
 */
import type { CategoryRecord } from '../../shared/schemas/category';
import type { PublicPreview } from '../../shared/schemas/preview';
import { savedState } from '../article/preview';
import { getArticle } from '../article/read';
import { mediaRefs } from '../asset/media';
import { categoryKey } from '../category/keys';
import { batchGet, withoutKeys } from '../lib/db/reads';
import { HttpError } from '../lib/errors';
import { reply } from '../lib/http';
import { verifyPreviewToken } from '../preview/token';
import { type ArticleLookups, type ArticleSource, articleReferences, publicArticle } from '../published/article';

export const PREVIEW_HEADERS = { 'cache-control': 'private, no-store' } as const;

/**
 * One answer for a token that is malformed, tampered with, expired, or for an article that is gone: which it was
 * would tell a guesser what to try next.
 */
const NO_PREVIEW = 'This preview link is not valid or has expired';

/** The categories and files the shown article names, read by key (content-changes/articles.ts reads the same). */
async function lookupsOf(shown: ArticleSource): Promise<ArticleLookups> {
  const ids = articleReferences(shown);
  const [found, media] = await Promise.all([
    ids.categories.length ? batchGet(ids.categories.map(categoryKey), true) : [],
    mediaRefs(ids.media),
  ]);
  const categories = new Map(found.map((item) => withoutKeys<CategoryRecord>(item)).map((c) => [c._id, c]));
  return { categories, media };
}

export async function showPreview(token: string) {
  const claims = await verifyPreviewToken(token);
  const loaded = claims && (await getArticle(claims.articleId));
  if (!claims || !loaded) throw new HttpError(404, 'NotFound', NO_PREVIEW, { ...PREVIEW_HEADERS });
  const { pendingChanges, ...saved } = savedState(loaded);
  const shown: PublicPreview = {
    ...publicArticle(saved, await lookupsOf(saved)),
    preview: {
      status: saved.row.status,
      pendingChanges,
      expiresAt: new Date(claims.expires * 1000).toISOString(),
    },
  };
  return reply(200, shown, { ...PREVIEW_HEADERS });
}
