import { ADVERTISEMENT_ROUTES } from '../../shared/routes/advertisements';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { deleteFromTrash, listTrash, moveToTrash, restoreFromTrash } from '../trash/service';
import { ADVERTISEMENT_TRASH } from './model';
import { adFlight, clientReport } from './reports';
import { createAdvertisement, findAdvertisement, findAdvertisements, updateAdvertisement } from './service';

export const handler = createHandler('advertisement', ADVERTISEMENT_ROUTES, {
  'GET /advertisement': (req) => findAdvertisements(req.query),
  'GET /advertisement/{id}': (req) => findAdvertisement(routeParam(req, 'id')),
  'GET /advertisement/report': (req) => clientReport(req.query),
  'GET /advertisement/{id}/flight': (req) => adFlight(routeParam(req, 'id')),
  'POST /advertisement': async (req) => reply(201, await createAdvertisement(signedInUser(req), req.body)),
  'PATCH /advertisement/{id}': (req) => updateAdvertisement(routeParam(req, 'id'), req.body),
  // The trash (functions/trash/): Remove on the resource.
  'DELETE /advertisement/{id}': (req) =>
    moveToTrash(ADVERTISEMENT_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'GET /advertisement/trash': (req) => listTrash(ADVERTISEMENT_TRASH, req.query.page, req.query.limit),
  'POST /advertisement/trash/{id}/restore': (req) =>
    restoreFromTrash(ADVERTISEMENT_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
  'DELETE /advertisement/trash/{id}': (req) =>
    deleteFromTrash(ADVERTISEMENT_TRASH, signedInUser(req), req.ip, routeParam(req, 'id')),
});
