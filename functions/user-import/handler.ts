/** POST /user/bulkUpload/: its own Lambda, so the file parsers never slow the cold start of the other user routes. */

import { USER_ROUTES } from '../../shared/routes/users';
import { createHandler } from '../auth/gate';
import { signedInUser } from '../lib/http';
import { readUploadedFile } from './multipart';
import { importUsers } from './service';

export const handler = createHandler('user-import', USER_ROUTES, {
  'POST /user/bulkUpload/': async (req) =>
    importUsers(signedInUser(req), await readUploadedFile(req.rawBody, req.contentType), req.ip),
});
