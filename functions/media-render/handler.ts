/**
 * The media-render Lambda (functions/README.md, "Renditions"): GET /media/r/{purpose}/{file}/{format}/{preset},
 * which the CDN asks only for a rendition its bucket does not hold yet. Public (the pictures are), so the bare
 * router with no sign-in code; sharp is loaded on the first picture made (images.ts), not at a cold start.
 */
import { MEDIA_ROUTES } from '../../shared/routes/media';
import { forbidden } from '../lib/errors';
import { binaryReply, handlerFactory } from '../lib/http';
import { rendition } from './service';

const publicOnly = handlerFactory<{ _id: string }>(
  () => Promise.reject(forbidden()),
  () => false,
);

export const handler = publicOnly('media-render', MEDIA_ROUTES, {
  'GET /media/r/{purpose}/{file}/{format}/{preset}': async (req) => {
    const made = await rendition(req.params);
    return binaryReply(made.body, made.headers, made.status);
  },
});
