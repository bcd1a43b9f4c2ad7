/**
 * The delivery API (CONTRACT.md §7 Delivery): what the reader-facing site reads, published content only, each
 * call with a content API key. Answers carry a strong ETag and are cached by the CDN (and the local gateway) for
 * every key alike; a change purges exactly the paths it touched.
 */
import { CONTENT_BASE } from '../addresses';
import {
  type AdImpressionResult,
  adClickQuerySchema,
  adDecisionQuerySchema,
  adImpressionSchema,
  type PublicAd,
} from '../schemas/ad-serving';
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
import { type ApiRoute, CONTENT_KEY_ACCESS, lambdaRoutes, PUBLIC, returns } from './kit';

const content = lambdaRoutes('content');
/**
 * Previews have a Lambda of their own: they read articles as saved (drafts included), which the delivery Lambda,
 * held to the published projection, may not (functions/content/access.ts).
 */
const preview = lambdaRoutes('content-preview');
/**
 * Ads have a Lambda of their own: it counts impressions and clicks (writes the delivery Lambda may not make), and its
 * answers are never cached (each carries a one-use token). The beacon and the click come from a reader's browser,
 * which cannot send the content key: the token the decision signed is their credential.
 */
const ads = lambdaRoutes('ad-serving');
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
  ads.get(
    `${CONTENT_BASE}/ads`,
    CONTENT_KEY_ACCESS,
    'The ad to show in a slot (204 when none is due), with a one-use impression token (never cached)',
    { query: adDecisionQuerySchema, result: returns<PublicAd>() },
  ),
  ads.post(
    `${CONTENT_BASE}/ads/impression`,
    PUBLIC,
    'Report an ad as shown, with its decision’s token (counted once)',
    {
      plainTextJson: true,
      body: adImpressionSchema,
      result: returns<AdImpressionResult>(),
    },
  ),
  ads.get(
    `${CONTENT_BASE}/ads/{id}/click`,
    PUBLIC,
    'A reader’s click: counted once a reader a day, then 302 to the ad’s own stored link',
    // A redirect: no data.
    { query: adClickQuerySchema, result: returns<never>() },
  ),
] as const satisfies readonly ApiRoute[];
