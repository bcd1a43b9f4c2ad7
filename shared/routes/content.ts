/**
 * The delivery API (CONTRACT.md §7 Delivery): what the reader-facing site reads, published content only, each
 * call with a content API key. Answers carry a strong ETag and are cached by the CDN (and the local gateway) for
 * every key alike; a change purges exactly the paths it touched.
 */
import { CONTENT_BASE } from '../addresses';
import {
  type ContentPageQuery,
  contentPageQuerySchema,
  contentSearchQuerySchema,
  type PublicArticle,
  type PublicAuthor,
  type PublicBreakingNews,
  type PublicCard,
  type PublicCategory,
  type PublicEpaper,
  type PublicHome,
  type PublicMenu,
  type PublicPage,
  type PublicSite,
} from '../schemas/content';
import type { PublicPreview } from '../schemas/preview';
import { type ApiRoute, CONTENT_KEY_ACCESS, lambdaRoutes, returns } from './kit';

const content = lambdaRoutes('content');
/**
 * Previews have a Lambda of their own: they read articles as saved (drafts included), which the delivery Lambda,
 * held to the published projection, may not (functions/content/access.ts).
 */
const preview = lambdaRoutes('content-preview');
const paged = { query: contentPageQuerySchema };

export type { ContentPageQuery };

export const CONTENT_ROUTES = [
  content.get(`${CONTENT_BASE}/site`, CONTENT_KEY_ACCESS, 'The site: name, logo, favicon, SEO and social links', {
    result: returns<PublicSite>(),
  }),
  content.get(`${CONTENT_BASE}/home`, CONTENT_KEY_ACCESS, 'The home page as laid out, every article a card', {
    result: returns<PublicHome>(),
  }),
  content.get(
    `${CONTENT_BASE}/menus/{name}`,
    CONTENT_KEY_ACCESS,
    'The active menu of a name (menu-1, menu-2) as a tree',
    {
      result: returns<PublicMenu>(),
    },
  ),
  content.get(`${CONTENT_BASE}/latest`, CONTENT_KEY_ACCESS, 'Published articles, newest first (pages excluded)', {
    ...paged,
    result: returns<PublicPage<PublicCard>>(),
  }),
  content.get(
    `${CONTENT_BASE}/articles/{slug}`,
    CONTENT_KEY_ACCESS,
    'A published article by slug, body as blocks and HTML',
    {
      result: returns<PublicArticle>(),
    },
  ),
  content.get(`${CONTENT_BASE}/articles/id/{id}`, CONTENT_KEY_ACCESS, 'A published article by id', {
    result: returns<PublicArticle>(),
  }),
  content.get(`${CONTENT_BASE}/categories/{slug}`, CONTENT_KEY_ACCESS, 'A category and its articles, newest first', {
    ...paged,
    result: returns<PublicPage<PublicCard> & { category: PublicCategory }>(),
  }),
  content.get(
    `${CONTENT_BASE}/authors/{slug}`,
    CONTENT_KEY_ACCESS,
    'An author’s public name and articles, newest first',
    {
      ...paged,
      result: returns<PublicPage<PublicCard> & { author: PublicAuthor }>(),
    },
  ),
  content.get(`${CONTENT_BASE}/tags/{tag}`, CONTENT_KEY_ACCESS, 'The galleries of a tag, newest first', {
    ...paged,
    result: returns<PublicPage<PublicCard> & { tag: string }>(),
  }),
  content.get(`${CONTENT_BASE}/search`, CONTENT_KEY_ACCESS, 'Published articles whose title has words starting so', {
    query: contentSearchQuerySchema,
    result: returns<PublicPage<PublicCard> & { total: number }>(),
  }),
  content.get(`${CONTENT_BASE}/breaking-news`, CONTENT_KEY_ACCESS, 'Breaking news that is on, newest first', {
    result: returns<PublicBreakingNews[]>(),
  }),
  content.get(`${CONTENT_BASE}/epapers`, CONTENT_KEY_ACCESS, 'Published e-paper editions, newest first, with the PDF', {
    ...paged,
    result: returns<PublicPage<PublicEpaper>>(),
  }),
  preview.get(
    `${CONTENT_BASE}/preview/{token}`,
    CONTENT_KEY_ACCESS,
    'An article as its editor last saved it, whatever its status, for a preview link’s token (never cached)',
    { result: returns<PublicPreview>() },
  ),
] as const satisfies readonly ApiRoute[];
