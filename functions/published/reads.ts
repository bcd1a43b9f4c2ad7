/**
 * Reading the published projection (keys.ts): documents whole or their ETag alone, several documents' states, a
 * page of a feed, a slug's pointer. Only GetItem, BatchGetItem and Query: the delivery Lambda reads through this
 * module and keys.ts alone, and its role may do nothing else (tests/infra/table-access.test.ts).
 */
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db/client';
import { DOC_PREFIX, docPartition, FIRST_PART, feedPartition, type StoredDoc, slugKey } from './keys';

/** A document, all its parts in one Query; undefined when there is none. */
export async function readDoc<S = unknown>(name: string, consistent = false): Promise<StoredDoc<S> | undefined> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': docPartition(name) },
      ConsistentRead: consistent,
    }),
  );
  const items = (out.Items ?? []).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
  const first = items[0];
  if (!first || first.sk !== FIRST_PART || items.length !== first.parts) return undefined;
  return {
    json: items.map((item) => String(item.body)).join(''),
    etag: String(first.etag),
    state: first.state as S | undefined,
  };
}

/** A document's ETag alone (one small read: what a revalidation needs). */
export async function readDocEtag(name: string): Promise<string | undefined> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: docPartition(name), sk: FIRST_PART },
      ProjectionExpression: 'etag',
    }),
  );
  return out.Item?.etag as string | undefined;
}

/**
 * What the first parts of several documents keep (their `state` and ETag, not their bodies), by name: BatchGets of
 * 100, retrying what is left unprocessed.
 */
export async function readDocStates<S>(
  names: readonly string[],
  consistent = false,
): Promise<Map<string, { etag: string; state: S }>> {
  const states = new Map<string, { etag: string; state: S }>();
  const keys = [...new Set(names)].map((name) => ({ pk: docPartition(name), sk: FIRST_PART }));
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0 && attempt < 5; attempt++) {
      const out: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              ConsistentRead: consistent,
              ProjectionExpression: 'pk, etag, #state',
              ExpressionAttributeNames: { '#state': 'state' },
            },
          },
        }),
      );
      for (const item of out.Responses?.[tableName()] ?? []) {
        states.set(String(item.pk).slice(DOC_PREFIX.length), { etag: String(item.etag), state: item.state as S });
      }
      pending = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return states;
}

/**
 * A page of a feed, newest first, of entries dated up to `now`: after `cursor` (a previous page's last sort key)
 * when given. One Query of `limit` entries (plus one, to know whether there is a next page).
 */
export async function readFeed<T>(
  feed: string,
  now: string,
  limit: number,
  cursor?: string,
): Promise<{ list: T[]; next: string | null }> {
  // `$` sorts after `#`: every entry of the instant `now` is in.
  const upTo = `${now}$`;
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk < :upTo',
      ExpressionAttributeValues: { ':pk': feedPartition(feed), ':upTo': cursor && cursor < upTo ? cursor : upTo },
      ScanIndexForward: false,
      Limit: limit + 1,
    }),
  );
  const items = out.Items ?? [];
  const page = items.slice(0, limit);
  const last = page[page.length - 1];
  return {
    list: page.map((item) => item.value as T),
    next: items.length > limit && last ? String(last.sk) : null,
  };
}

/** Every sort key of a feed (the category refresh's walk), a page at a time. */
export async function* feedKeys(feed: string): AsyncGenerator<string[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': feedPartition(feed) },
        ProjectionExpression: 'sk',
        ExclusiveStartKey: start,
        Limit: 200,
      }),
    );
    yield (out.Items ?? []).map((item) => String(item.sk));
    start = out.LastEvaluatedKey;
  } while (start);
}

/** The article a slug names now, with its ETag. */
export async function readSlug(slug: string): Promise<{ id: string; etag: string } | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: slugKey(slug) }));
  return out.Item ? { id: String(out.Item.id), etag: String(out.Item.etag) } : undefined;
}
