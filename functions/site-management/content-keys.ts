/**
 * Content API keys (CONTRACT.md §7 Site Management → Content API keys): made with a name and shown once, listed
 * without their secret, revoked for good. `checkContentKey` is what the delivery API asks of a key it is sent.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONTENT_KEY } from '../../shared/constants';
import type { ContentKeyCreateInput, ContentKeyView, CreatedContentKey } from '../../shared/schemas/content-key';
import { auditAction } from '../audit/record';
import { CONTENT_KEY_NOT_FOUND, type ContentKeyRecord, contentKeyModel, noteContentKeyUse } from '../content-key/model';
import { clock } from '../lib/clock';
import { firstVersion } from '../lib/db/records';
import { conflict, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import type { AuthUser } from '../user/auth-user';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const view = ({ hash: _hash, updatedAt: _u, version: _v, ...shown }: ContentKeyRecord): ContentKeyView => shown;

/** Every key, live and revoked, newest first. */
export async function listContentKeys(): Promise<{ list: ContentKeyView[]; total: number }> {
  const list = (await contentKeyModel.all(1000)).map(view);
  return { list, total: list.length };
}

/** Makes a key: the whole key is in this answer only; the table keeps its hash. */
export async function createContentKey(actor: AuthUser, input: ContentKeyCreateInput, ip: string) {
  const id = newId();
  const key = `${CONTENT_KEY.prefix}_${id}_${randomBytes(CONTENT_KEY.secretBytes).toString('base64url')}`;
  const record: ContentKeyRecord = {
    _id: id,
    name: input.name,
    hint: key.slice(0, CONTENT_KEY.prefix.length + id.length + 6),
    hash: sha256(key),
    ...firstVersion(clock.iso()),
    createdBy: { _id: actor._id, name: actor.name },
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
  };
  await contentKeyModel.insert(record);
  await auditAction(actor, ip, 'contentKeyCreated', { type: 'content-key', id, name: record.name });
  return { ...view(record), key } satisfies CreatedContentKey;
}

/** Revokes a key for good: from now on it is refused. Revoking it again is refused too (409), writing nothing. */
export async function revokeContentKey(actor: AuthUser, id: string, ip: string): Promise<ContentKeyView> {
  const current = await contentKeyModel.get(id, true);
  if (!current) throw notFound(CONTENT_KEY_NOT_FOUND);
  if (current.revokedAt) throw conflict('This key is revoked already');
  const now = clock.iso();
  const next: ContentKeyRecord = {
    ...current,
    revokedAt: now,
    revokedBy: { _id: actor._id, name: actor.name },
    updatedAt: now,
    version: current.version + 1,
  };
  await contentKeyModel.replace(next, current.version);
  await auditAction(actor, ip, 'contentKeyRevoked', { type: 'content-key', id, name: current.name });
  return view(next);
}

/** The parts of a key as sent: its id, or undefined when it is not shaped like one of ours. */
function idOf(key: string): string | undefined {
  const match = /^([a-z]+)_([0-9A-Z]{26})_([A-Za-z0-9_-]{43})$/.exec(key);
  return match && match[1] === CONTENT_KEY.prefix ? match[2] : undefined;
}

/**
 * Whether `key` is a live key: shaped like one, its item there, its hash equal (compared in constant time) and not
 * revoked. A live key's use is noted, at most once a minute. Costs one GetItem (none for a key of the wrong shape).
 */
export async function checkContentKey(key: string): Promise<ContentKeyView | undefined> {
  const id = idOf(key);
  if (!id) return undefined;
  const stored = await contentKeyModel.get(id, true);
  if (!stored || stored.revokedAt) return undefined;
  const sent = Buffer.from(sha256(key), 'hex');
  if (!timingSafeEqual(sent, Buffer.from(stored.hash, 'hex'))) return undefined;
  const now = clock.now();
  const since = new Date(now - CONTENT_KEY.lastUseEverySeconds * 1000).toISOString();
  await noteContentKeyUse(id, new Date(now).toISOString(), since);
  return view(stored);
}
