/**
 * Content API keys (CONTRACT.md §7 Site Management → Content API keys): made with a name and shown once, listed
 * without their secret, revoked for good. The delivery API checks the keys it is sent with content-key/check.ts.
 */
import { randomBytes } from 'node:crypto';
import { CONTENT_KEY } from '../../shared/constants';
import type { ContentKeyCreateInput, ContentKeyView, CreatedContentKey } from '../../shared/schemas/content-key';
import { auditAction } from '../audit/record';
import { sha256 } from '../content-key/check';
import { CONTENT_KEY_NOT_FOUND, type ContentKeyRecord, contentKeyModel, keyView as view } from '../content-key/model';
import { clock } from '../lib/clock';
import { firstVersion } from '../lib/db/records';
import { conflict, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import type { AuthUser } from '../user/auth-user';

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
