import { ASSET_ROUTES } from '../../shared/routes/assets';
import { createHandler } from '../auth/gate';
import { reply, routeParam, signedInUser } from '../lib/http';
import { assetUses, coversWithoutAlt, listLibrary, originalDownload, removeAsset, updateDetails } from './library';
import { abortUpload, completeUpload, findAsset, presignParts, startUpload } from './service';

export const handler = createHandler('asset', ASSET_ROUTES, {
  'GET /asset': (req) => listLibrary(req.query),
  'GET /asset/needs-alt': () => coversWithoutAlt(),
  'PATCH /asset/{id}': (req) => updateDetails(signedInUser(req), routeParam(req, 'id'), req.readBody),
  'DELETE /asset/{id}': (req) => removeAsset(routeParam(req, 'id')),
  'GET /asset/{id}/uses': (req) => assetUses(signedInUser(req), routeParam(req, 'id')),
  'GET /asset/{id}/original': (req) => originalDownload(signedInUser(req), routeParam(req, 'id')),
  'GET /asset/{id}': (req) => findAsset(signedInUser(req), routeParam(req, 'id')),
  'POST /asset/upload': async (req) => reply(201, await startUpload(signedInUser(req), req.body)),
  'POST /asset/{id}/parts': (req) => presignParts(signedInUser(req), routeParam(req, 'id'), req.readBody),
  'POST /asset/{id}/complete': (req) => completeUpload(signedInUser(req), routeParam(req, 'id'), req.readBody),
  'DELETE /asset/{id}/upload': (req) => abortUpload(signedInUser(req), routeParam(req, 'id')),
});
