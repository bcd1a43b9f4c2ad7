/**
 * Content API keys, as stored: one item a key (`APIKEY#<id>` / `APIKEY`), listed newest first in gsi1 and counted
 * in `COUNT#APIKEY`. The item holds the SHA-256 of the whole key, never the key: a key is checked by reading its
 * item by the id it carries and comparing hashes. A revoked key keeps its item (with who revoked it and when), so
 * the list still shows it.
 */
import type { ContentKeyView } from '../../shared/schemas/content-key';
import { conditionalWrite } from '../lib/db/client';
import { defineEntity } from '../lib/db/entity';
import { updateOne } from '../lib/db/records';

export interface ContentKeyRecord extends ContentKeyView {
  /** SHA-256 of the whole key, hex. */
  hash: string;
  updatedAt: string;
  version: number;
}

export const CONTENT_KEY_NOT_FOUND = 'No such content API key';

export const contentKeyModel = /* @__PURE__ */ defineEntity<ContentKeyRecord>({
  name: 'APIKEY',
  indexes: { gsi1: { partition: 'APIKEY', sortBy: (k) => k.createdAt } },
  takenMessage: 'This key already exists',
});

/**
 * Notes a use at `at`, unless one at or after `since` is noted already: one conditional write a key per interval
 * however many requests come, and never on a revoked key.
 */
export const noteContentKeyUse = (id: string, at: string, since: string) =>
  conditionalWrite(
    updateOne(contentKeyModel.key(id), {
      UpdateExpression: 'SET lastUsedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND revokedAt = :none AND (lastUsedAt = :none OR lastUsedAt < :since)',
      ExpressionAttributeValues: { ':at': at, ':since': since, ':none': null },
    }),
  );
