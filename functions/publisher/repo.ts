/** The publisher's DynamoDB access: Scheduled articles that are due, and their move to Published. */
import { QueryCommand, type QueryCommandOutput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/db/client';
import {
  articleHistoryKey,
  articleKey,
  articlesByStatus,
  articlesByUpdatedAt,
  CMS_ENTITY,
  SCHEDULED_PARTITION,
} from '../lib/db/cms-keys';
import { counterKey } from '../lib/db/counter-keys';
import { INDEXES } from '../lib/db/table';
import { newId } from '../lib/ids';

/** Who the article list shows as having saved it last. */
const PUBLISHER = { _id: 'publisher', name: 'Scheduled publishing' };

export interface DueArticle {
  _id: string;
  createdAt: string;
  publishDate: string;
  version: number;
}

/** Scheduled articles whose publish date is at or before `now` (a Query on the sparse index, oldest first). */
export async function dueArticles(now: string, limit = 100): Promise<DueArticle[]> {
  const found: DueArticle[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: INDEXES.gsi3.name,
        KeyConditionExpression: '#pk = :pk AND #sk <= :now',
        ExpressionAttributeNames: { '#pk': INDEXES.gsi3.partitionKey, '#sk': INDEXES.gsi3.sortKey },
        // '~' sorts after every ULID character, so an article due exactly now is included.
        ExpressionAttributeValues: { ':pk': SCHEDULED_PARTITION, ':now': `${now}#~` },
        ExclusiveStartKey: start,
        Limit: limit,
      }),
    );
    for (const item of out.Items ?? []) {
      found.push({
        _id: item._id as string,
        createdAt: item.createdAt as string,
        publishDate: item.publishDate as string,
        version: item.version as number,
      });
    }
    start = out.LastEvaluatedKey;
  } while (start && found.length < limit);
  return found;
}

/**
 * Publishes one article if it is still Scheduled at the version read (an editor's concurrent change wins),
 * moving it between status lists and counters and writing its history entry in the same transaction.
 */
export async function publishScheduled(article: DueArticle, at: string): Promise<boolean> {
  const entryId = newId();
  const published = articlesByStatus('Published', article.createdAt, article._id);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: articleKey(article._id),
              UpdateExpression:
                'SET #status = :published, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk, gsi4sk = :gsi4sk, updatedAt = :at, updatedBy = :by, #version = :next REMOVE gsi3pk, gsi3sk',
              ConditionExpression: '#status = :scheduled AND #version = :version',
              ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
              ExpressionAttributeValues: {
                ':published': 'Published',
                ':scheduled': 'Scheduled',
                ':gsi2pk': published.gsi2pk,
                ':gsi2sk': published.gsi2sk,
                ':gsi4sk': articlesByUpdatedAt(at, article._id).gsi4sk,
                ':at': at,
                ':by': PUBLISHER,
                ':version': article.version,
                ':next': article.version + 1,
              },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: counterKey(CMS_ENTITY, 'Scheduled'),
              UpdateExpression: 'ADD #count :minus',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':minus': -1 },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: counterKey(CMS_ENTITY, 'Published'),
              UpdateExpression: 'ADD #count :one',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...articleHistoryKey(article._id, at, entryId),
                _id: entryId,
                at,
                by: null,
                action: 'publisher',
                from: 'Scheduled',
                to: 'Published',
                changed: [],
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
