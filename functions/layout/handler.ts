import { createHandler } from '../auth/gate';
import { routeParam, signedInUser } from '../lib/http';
import { findHomeLayout, updateLayout } from './service';

export const handler = createHandler('layout', {
  'GET /layout/home': () => findHomeLayout(),
  'PATCH /layout/{id}': (req) => updateLayout(signedInUser(req), routeParam(req, 'id'), req.body, req.ip),
});
