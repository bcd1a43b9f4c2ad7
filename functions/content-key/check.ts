/**
 * Whether a key sent to the delivery API is a live content API key. Kept apart from the keys' management
 * (site-management/content-keys.ts) so the delivery Lambda bundles no audit trail or user code.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { CONTENT_KEY } from '../../shared/constants';
import { clock } from '../lib/clock';
import { noteContentKeyUse, readKeyItem } from './item';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The id a key carries, or undefined when it is not shaped like one of ours. */
export function contentKeyId(key: string): string | undefined {
  const match = /^([a-z]+)_([0-9A-Z]{26})_([A-Za-z0-9_-]{43})$/.exec(key);
  return match && match[1] === CONTENT_KEY.prefix ? match[2] : undefined;
}

/**
 * Whether `key` is a live key: shaped like one, its item there, its hash equal (compared in constant time) and not
 * revoked. A live key's use is noted, at most once a minute. Costs one GetItem (none for a key of the wrong shape).
 */
export async function checkContentKey(key: string): Promise<{ _id: string; name: string } | undefined> {
  const id = contentKeyId(key);
  if (!id) return undefined;
  const stored = await readKeyItem(id);
  if (!stored || stored.revokedAt) return undefined;
  const sent = Buffer.from(sha256(key), 'hex');
  if (!timingSafeEqual(sent, Buffer.from(stored.hash, 'hex'))) return undefined;
  const now = clock.now();
  const since = new Date(now - CONTENT_KEY.lastUseEverySeconds * 1000).toISOString();
  await noteContentKeyUse(id, new Date(now).toISOString(), since);
  return { _id: stored._id, name: stored.name };
}
