import { layoutUpdateSchema } from '../../shared/schemas/layout';
import { createHandler, parseWith, routeParam, signedInUser } from '../lib/http';
import { findHomeLayout, updateLayout } from './service';

export const handler = createHandler('layout', {
  'GET /layout/home': () => findHomeLayout(),
  'PATCH /layout/{id}': (req) =>
    updateLayout(signedInUser(req), routeParam(req, 'id'), parseWith(layoutUpdateSchema, req.body), req.ip),
});
