/** Records as the API answers them, for the unit tests of the screens and helpers that show them. */
import type { ArticleStatus } from '../../shared/constants';
import type { ArticleRow } from '../../shared/schemas/article-record';

/** A row of the article list in `status`, its id, slug and url made from `title` (the status, unless given). */
export const articleRow = (status: ArticleStatus, title: string = status): ArticleRow => ({
  _id: `ID${title}`,
  title,
  slug: title,
  url: `/${title}`,
  type: 'Article',
  status,
  categories: [],
  user: null,
  publishDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  pendingChanges: null,
});
