/** POST /cms/getHtml/: its own Lambda, so pdf.js never slows the cold start of the other article routes. */

import { ARTICLE_ROUTES } from '../../shared/routes/articles';
import { createHandler } from '../auth/gate';
import { signedInUser } from '../lib/http';
import { pdfText } from './service';

export const handler = createHandler('article-import', ARTICLE_ROUTES, {
  'POST /cms/getHtml/': (req) => pdfText(signedInUser(req), req.body.asset),
});
