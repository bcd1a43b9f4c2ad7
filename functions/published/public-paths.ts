/**
 * The delivery API's addresses as the CDN caches them: what an invalidation names for each answer. A path ending
 * in `*` is a CloudFront wildcard (every query string of it, and every longer path starting so: a slug that
 * starts with another is purged with it, harmlessly); the others are exact. Paths are percent-encoded as a
 * browser sends them, since that is the form the CDN keys its copies by.
 */
import { CONTENT_BASE } from '../../shared/addresses';

const encoded = (value: string) => encodeURIComponent(value);

export const PUBLIC_PATHS = {
  site: `${CONTENT_BASE}/site`,
  home: `${CONTENT_BASE}/home`,
  breakingNews: `${CONTENT_BASE}/breaking-news`,
  menu: (name: string) => `${CONTENT_BASE}/menus/${encoded(name)}`,
  article: (slug: string) => `${CONTENT_BASE}/articles/${encoded(slug)}`,
  articleById: (id: string) => `${CONTENT_BASE}/articles/id/${id}`,
  /** Every page of a list: the first, and those a cursor names. */
  latest: `${CONTENT_BASE}/latest*`,
  category: (slug: string) => `${CONTENT_BASE}/categories/${encoded(slug)}*`,
  author: (slug: string) => `${CONTENT_BASE}/authors/${encoded(slug)}*`,
  tag: (tag: string) => `${CONTENT_BASE}/tags/${encoded(tag)}*`,
  search: `${CONTENT_BASE}/search*`,
  epapers: `${CONTENT_BASE}/epapers*`,
} as const;
