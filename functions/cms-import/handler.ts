/** POST /cms/getHtml/: its own Lambda, so pdf.js never slows the cold start of the other article routes. */
import { createHandler } from '../lib/http';

export const handler = createHandler('cms-import', {});
