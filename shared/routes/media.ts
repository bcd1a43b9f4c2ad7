/**
 * Image renditions (functions/README.md, "Renditions"): the media-render Lambda makes one the first time the CDN
 * asks for it and stores it. Readers never call this path: they ask `/media/r/<preset>/<key>`, which the CDN's
 * viewer function rewrites to this shape (the format chosen from Accept) and serves from the bucket, coming here
 * only for a rendition not made yet (the origin group's failover). Through `/api` the path is refused at the edge.
 */
import { MEDIA_BASE } from '../addresses';
import { type ApiRoute, lambdaRoutes, PUBLIC, returns } from './kit';

const media = lambdaRoutes('media-render');

export const MEDIA_ROUTES = [
  media.get(
    `${MEDIA_BASE}/r/{purpose}/{file}/{format}/{preset}`,
    PUBLIC,
    'One rendition of a picture (the image bytes, cached for a year): made on first request, then stored',
    { result: returns<never>() },
  ),
] as const satisfies readonly ApiRoute[];
