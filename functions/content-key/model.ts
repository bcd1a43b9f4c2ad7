/**
 * Content API keys, as stored: one item a key (`APIKEY#<id>` / `APIKEY`), listed newest first in gsi1 and counted
 * in `COUNT#APIKEY`. The item holds the SHA-256 of the whole key, never the key: a key is checked by reading its
 * item by the id it carries and comparing hashes. A revoked key keeps its item (with who revoked it and when), so
 * the list still shows it.
 */
import type { ContentKeyView } from '../../shared/schemas/content-key';
import { defineEntity } from '../lib/db/entity';
import { CONTENT_KEY_ENTITY } from './item';

export { noteContentKeyUse } from './item';

export interface ContentKeyRecord extends ContentKeyView {
  /** SHA-256 of the whole key, hex. */
  hash: string;
  updatedAt: string;
  version: number;
}

export const CONTENT_KEY_NOT_FOUND = 'No such content API key';

/** A key as listed: never its hash. */
export const keyView = ({ hash: _hash, updatedAt: _u, version: _v, ...shown }: ContentKeyRecord): ContentKeyView =>
  shown;

export const contentKeyModel = /* @__PURE__ */ defineEntity<ContentKeyRecord>({
  name: CONTENT_KEY_ENTITY,
  indexes: { gsi1: { partition: 'APIKEY', sortBy: (k) => k.createdAt } },
  takenMessage: 'This key already exists',
});
