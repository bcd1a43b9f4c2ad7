import { LAYOUT_ROUTES } from '../../shared/routes/layout';
import { createHandler } from '../auth/gate';
import { routeParam, signedInUser } from '../lib/http';
import { findHomeLayout, updateLayout } from './service';

export const handler = createHandler('layout', LAYOUT_ROUTES, {
  'GET /layout/home': () => findHomeLayout(),
  'PATCH /layout/{id}': (req) => updateLayout(signedInUser(req), routeParam(req, 'id'), req.body, req.ip),
});
