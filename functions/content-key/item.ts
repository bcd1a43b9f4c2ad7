/**
 * A content key's item by itself (`APIKEY#<id>` / `APIKEY`): what the delivery API's key check reads and the one
 * write it makes (the key's last use). Kept apart from the model's entity (model.ts builds on it) so the delivery
 * Lambda reaches GetItem and this UpdateItem, and no other write (tests/infra/table-access.test.ts).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { entityKey } from '../lib/db/entity-keys';

export const CONTENT_KEY_ENTITY = 'APIKEY';

export const contentKeyItemKey = (id: string) => entityKey(CONTENT_KEY_ENTITY, id);

/** What the check needs of a key's item: its name, hash and whether it is revoked; undefined when there is none. */
export async function readKeyItem(
  id: string,
): Promise<{ _id: string; name: string; hash: string; revokedAt: string | null } | undefined> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: contentKeyItemKey(id),
      ConsistentRead: true,
      ProjectionExpression: '#id, #name, #hash, revokedAt',
      ExpressionAttributeNames: { '#id': '_id', '#name': 'name', '#hash': 'hash' },
    }),
  );
  const item = out.Item;
  if (!item || typeof item.hash !== 'string') return undefined;
  return { _id: String(item._id), name: String(item.name), hash: item.hash, revokedAt: item.revokedAt ?? null };
}

/**
 * Notes a use at `at`, unless one at or after `since` is noted already: one conditional write a key per interval
 * however many requests come, and never on a revoked key.
 */
export const noteContentKeyUse = (id: string, at: string, since: string) =>
  conditionalWrite(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contentKeyItemKey(id),
        UpdateExpression: 'SET lastUsedAt = :at',
        ConditionExpression:
          'attribute_exists(pk) AND revokedAt = :none AND (lastUsedAt = :none OR lastUsedAt < :since)',
        ExpressionAttributeValues: { ':at': at, ':since': since, ':none': null },
      }),
    ),
  );
