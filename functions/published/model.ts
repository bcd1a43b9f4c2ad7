/**
 * The published projection's writes: documents stored whole in parts, feed entries, pointers, in BatchWrites (the
 * projection is made again from the records on every change, so no write needs a condition). Its keys and layout
 * are in keys.ts and its reads in reads.ts, kept apart so the delivery Lambda reaches no write command; the
 * content-changes consumer (functions/content-changes/) is the only writer.
 */
import { BatchWriteCommand, DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { docPartition, etagOf, FIRST_PART, feedPartition, PART_CHARACTERS, partKey, partsOf, slugKey } from './keys';

export * from './keys';
export * from './reads';

type ItemKey = { pk: string; sk: string };

/** The document's items: its JSON in parts, the first with its ETag, part count and state. */
function docItems(name: string, json: string, state: unknown): Record<string, unknown>[] {
  const parts = Array.from({ length: partsOf(json) }, (_, n) =>
    json.slice(n * PART_CHARACTERS, (n + 1) * PART_CHARACTERS),
  );
  return parts.map((body, n) => ({
    pk: docPartition(name),
    sk: partKey(n),
    body,
    ...(n === 0 ? { etag: etagOf(json), parts: parts.length, ...(state === undefined ? {} : { state }) } : {}),
  }));
}

/** Puts and deletes, in BatchWrites of 25 (retrying what is left unprocessed). */
export async function writeItems(puts: Record<string, unknown>[], deletes: ItemKey[]): Promise<void> {
  const requests = [
    ...deletes.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
    ...puts.map((item) => ({ PutRequest: { Item: item } })),
  ];
  for (let i = 0; i < requests.length; i += 25) {
    let pending: typeof requests | undefined = requests.slice(i, i + 25);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt >= 8) throw new Error('The table kept refusing the projection writes (throttled)');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = out.UnprocessedItems?.[tableName()] as typeof requests | undefined;
    }
  }
}

/**
 * The writes that make `name` hold `json` (or nothing, for undefined) where it held `before` (its part count):
 * the new parts, and the deletes of parts the new one no longer has.
 */
export function docWrites(
  name: string,
  json: string | undefined,
  state: unknown,
  partsBefore: number,
): { puts: Record<string, unknown>[]; deletes: ItemKey[] } {
  const puts = json === undefined ? [] : docItems(name, json, state);
  const deletes: ItemKey[] = [];
  for (let n = puts.length; n < partsBefore; n++) deletes.push({ pk: docPartition(name), sk: partKey(n) });
  return { puts, deletes };
}

/** Stores a document (undefined: removes it); returns whether its ETag changed. */
export async function putDoc(name: string, json: string | undefined, state?: unknown): Promise<boolean> {
  const before = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: docPartition(name), sk: FIRST_PART },
      ProjectionExpression: 'parts, etag',
      ConsistentRead: true,
    }),
  );
  const etagBefore = before.Item?.etag as string | undefined;
  const etagAfter = json === undefined ? undefined : etagOf(json);
  if (etagBefore === etagAfter && json !== undefined && state === undefined) return false;
  const { puts, deletes } = docWrites(name, json, state, Number(before.Item?.parts ?? 0));
  await writeItems(puts, deletes);
  return etagBefore !== etagAfter;
}

export const feedItem = (feed: string, sortKey: string, value: unknown) => ({
  pk: feedPartition(feed),
  sk: sortKey,
  value,
});

/**
 * Gives up a slug's pointer while it still names article `id`: another article may have taken the slug since (its
 * change handled first), and its pointer stays.
 */
export async function releaseSlug(slug: string, id: string): Promise<void> {
  await conditionalWrite(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: slugKey(slug),
        ConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ':id': id },
      }),
    ),
  );
}
