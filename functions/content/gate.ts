/**
 * Who may read the delivery API: a caller showing a live content API key. In AWS the CDN's function has checked the
 * key already, on every request (cache hits too); the Lambda checks again on the requests that reach it, keeping a
 * key it found live for a few seconds (DELIVERY_CACHE.keyCheckSeconds) so a burst of misses costs one read.
 */
import { DELIVERY_CACHE } from '../../shared/constants';
import { CONTENT_KEY_REFUSALS } from '../../shared/schemas/content-key';
import { checkContentKey, contentKeyId } from '../content-key/check';
import { clock } from '../lib/clock';
import { HttpError } from '../lib/errors';

/** A caller of the delivery API: the key's id. */
export interface KeyHolder {
  _id: string;
}

const MISSING = CONTENT_KEY_REFUSALS.missing;
const REFUSED = CONTENT_KEY_REFUSALS.invalid;

/** Keys found live, until when (epoch ms); bounded, oldest dropped first. */
const live = new Map<string, number>();
const LIVE_MAX = 1000;

const refusedKey = (text: string) => new HttpError(401, 'Unauthorized', text);

export async function admitContentKey(key: string): Promise<KeyHolder> {
  if (!key) throw refusedKey(MISSING);
  const id = contentKeyId(key);
  if (!id) throw refusedKey(REFUSED);
  const now = clock.now();
  const until = live.get(key);
  if (until !== undefined && until > now) return { _id: id };
  live.delete(key);
  if (!(await checkContentKey(key))) throw refusedKey(REFUSED);
  if (live.size >= LIVE_MAX) live.delete(live.keys().next().value as string);
  live.set(key, now + DELIVERY_CACHE.keyCheckSeconds * 1000);
  return { _id: id };
}
