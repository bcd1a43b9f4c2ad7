/**
 * The article access a one-off migration needs (infra/aws/migrate-sanitize.ts): every article id a page at a
 * time, rows' versions and content items in bulk, and a content rewrite that lands only on the version read.
 */
import { QueryCommand, type QueryCommandOutput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { batchGet } from '../lib/db/records';
import { INDEXES } from '../lib/db/table';
import { ARTICLES_PARTITION, articleContentKey, articleKey } from './keys';

/** One page of article ids from the articles' index (gsi1 `CMS`: one entry per article, no Scan). */
export async function articleIdsPage(start: Record<string, unknown> | undefined, limit: number) {
  const index = INDEXES.gsi1;
  const out: QueryCommandOutput = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': index.partitionKey, '#id': '_id', '#sk': 'sk' },
      ExpressionAttributeValues: { ':pk': ARTICLES_PARTITION },
      ProjectionExpression: '#id, #sk',
      ExclusiveStartKey: start,
      Limit: limit,
    }),
  );
  const ids = (out.Items ?? []).filter((i) => i.sk === 'CMS').map((i) => String(i._id));
  return { ids, next: out.LastEvaluatedKey };
}

/**
 * The versions first, the contents after: a content item read later is at least as new as the version read, so
 * the conditional write can only fail on a newer save, never overwrite it.
 */
export async function versionsThenContents(ids: string[]) {
  const rows = await batchGet(ids.map(articleKey), true);
  const versions = new Map(rows.map((r) => [String(r._id), Number(r.version)]));
  const contents = await batchGet(ids.map(articleContentKey), true);
  return { versions, contents };
}

/**
 * Rewrites the sections if the row is still at `version`; false when a save came in between. The version is
 * not bumped: nobody with the article open gets a conflict.
 */
export async function writeCleanSections(id: string, version: number, body: unknown): Promise<boolean> {
  return conditionalWrite(
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: articleKey(id),
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': version },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: articleContentKey(id),
              UpdateExpression: 'SET #body = :body',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#body': 'body' },
              ExpressionAttributeValues: { ':body': body },
            },
          },
        ],
      }),
    ),
  );
}
