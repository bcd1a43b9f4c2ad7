import { CONTENT_ROUTES } from '../../shared/routes/content';
import { admitContentKey } from '../content/gate';
import { handlerFactory, routeParam } from '../lib/http';
import { click, decide, impression } from './service';

/** Ads served: decisions for content key holders, beacons and clicks for the tokens decisions signed. */
const createHandler = handlerFactory(admitContentKey, () => false);

export const handler = createHandler('ad-serving', CONTENT_ROUTES, {
  'GET /content/v1/ads': (req) => decide(req.query),
  'POST /content/v1/ads/impression': (req) => impression(req.body.token, req),
  'GET /content/v1/ads/{id}/click': (req) => click(routeParam(req, 'id'), req.query.t, req),
});
