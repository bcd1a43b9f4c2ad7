/**
 * Content API keys (CONTRACT.md §7 Site Management → Content API keys): made with a name, shown once, revoked;
 * listed with when each was last used. Managing them needs Edit on Site Management.
 */
import { CONTENT_KEY_HEADER } from '../addresses';
import { CONTENT_KEY } from '../constants';
import { type NamedRef, requiredText } from './common';
import * as z from './z';

export const contentKeyCreateSchema = z.object({
  name: requiredText('Key name is required', CONTENT_KEY.nameMax),
});
export type ContentKeyCreateInput = z.infer<typeof contentKeyCreateSchema>;

/** One key as the list shows it: never the secret, never its hash. */
export interface ContentKeyView {
  _id: string;
  name: string;
  /** The key's first characters (`apk_<id>_` and four of the secret), to tell keys apart. */
  hint: string;
  createdAt: string;
  createdBy: NamedRef;
  /** When a request last came with it; null before the first. */
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: NamedRef | null;
}

/** POST /site-management/content-keys: the new key, with the whole key this once. */
export interface CreatedContentKey extends ContentKeyView {
  key: string;
}

/** What a delivery API request without a live key is told, at the edge and by the delivery Lambda alike (401). */
export const CONTENT_KEY_REFUSALS = {
  missing: `Send a content API key in the ${CONTENT_KEY_HEADER} header`,
  invalid: 'This content API key is not valid or was revoked',
} as const;
