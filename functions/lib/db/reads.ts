/**
 * Reading records by key: one, several in BatchGets, several entities' items together, and a stored item without
 * its key attributes. Kept apart from records.ts (which re-exports them) so that code which only reads, the
 * delivery Lambda's above all, reaches no write command: tests/infra/table-access.test.ts grants a Lambda exactly
 * the commands its modules can send.
 */
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { INDEX_LIST, TABLE_KEYS } from './table';

type ItemKey = { pk: string; sk: string };

/** The table's and its indexes' key attributes (table.ts): what a stored item has besides the record. */
const KEY_ATTRIBUTES = [
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  ...INDEX_LIST.flatMap((index) => [index.partitionKey, index.sortKey]),
];

/** The record as stored, without its key attributes. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!KEY_ATTRIBUTES.includes(k)) out[k] = v;
  return out as T;
}

/** One record by its key, without its key attributes; undefined when there is none. */
export async function getRecord<T>(key: ItemKey, consistent = false): Promise<T | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: consistent }));
  return out.Item ? withoutKeys<T>(out.Item) : undefined;
}

const keyText = (key: Record<string, unknown>) => `${key.pk}\u0000${key.sk}`;

/** Items by key (duplicates once), in BatchGets of 100, retrying unprocessed keys; missing keys are left out. */
export async function batchGet(keys: readonly ItemKey[], consistent = false): Promise<Record<string, unknown>[]> {
  const unique = [...new Map(keys.map((k) => [keyText(k), k])).values()];
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = unique.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0 && attempt < 5; attempt++) {
      const out: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent } } }),
      );
      found.push(...(out.Responses?.[tableName()] ?? []));
      pending = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
}

/** One item to read: its key, and how the entity's own module turns the stored item into its record. */
export interface ItemRead<T> {
  key: ItemKey;
  from: (item: Record<string, unknown>) => T;
}

type ReadResults<R> = { [K in keyof R]?: R[K] extends ItemRead<infer T> ? T : never };

/**
 * Items of several entities in one strongly consistent BatchGet, each mapped by its module's reader, so no
 * module learns another's keys: `readTogether({ user: userRead(id), … })` gives `{ user?: UserRecord, … }`.
 */
export async function readTogether<R extends Record<string, ItemRead<unknown>>>(reads: R): Promise<ReadResults<R>> {
  const found = await batchGet(
    Object.values(reads).map((read) => read.key),
    true,
  );
  const byKey = new Map(found.map((item) => [keyText(item), item]));
  const records: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(reads)) {
    const item = byKey.get(keyText(read.key));
    if (item) records[name] = read.from(item);
  }
  return records as ReadResults<R>;
}
