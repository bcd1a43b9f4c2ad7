import { createHandler } from '../lib/http';

/** The routes of this resource come in a later issue; until then each answers 501 with the error shape. */
export const handler = createHandler('cms', {});
