/**
 * Counts what a DynamoDB document client does, for the benchmarks: requests (per command), consumed read and
 * write capacity, and items read. A middleware on the client's stack sets `ReturnConsumedCapacity: 'TOTAL'` on
 * every request that accepts it and sums `ConsumedCapacity.CapacityUnits` from the responses. When a read comes
 * back without ConsumedCapacity (an emulator that does not report it), its RCU are computed from the returned
 * items' sizes by DynamoDB's rules, and the reading says so (`computedReads`).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const MIDDLEWARE = 'benchDynamoMeter';
const READ_UNIT = 4096;
/** DynamoDB stops a Query or Scan after 1 MB of data read (before any filter) and returns LastEvaluatedKey. */
const PAGE_UNITS = (1024 * 1024) / READ_UNIT;

const PAGED = new Set(['QueryCommand', 'ScanCommand']);
const READS = new Set([
  'GetItemCommand',
  'BatchGetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'TransactGetItemsCommand',
]);
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

export interface Reading {
  requests: number;
  /**
   * Requests DynamoDB itself would have needed: DynamoDB Local returns a Query or Scan of any size in one
   * response, DynamoDB pages it at 1 MB read. Estimated from each response's read units.
   */
  awsRequests: number;
  /** Requests per command, e.g. `{ Query: 1, GetItem: 1 }`. */
  byCommand: Record<string, number>;
  /** Read capacity: as reported by DynamoDB, or computed for the reads it did not report. */
  rcu: number;
  wcu: number;
  /** Reads whose RCU were computed here because the response had no ConsumedCapacity. */
  computedReads: number;
  /** Items DynamoDB read: ScannedCount of a Query or Scan (before any filter), items found by a get. */
  itemsRead: number;
  itemsReturned: number;
  /** What the returned items alone cost by DynamoDB's rules: the floor of `rcu` for reads without a filter. */
  returnedRcu: number;
}

const empty = (): Reading => ({
  requests: 0,
  awsRequests: 0,
  byCommand: {},
  rcu: 0,
  wcu: 0,
  computedReads: 0,
  itemsRead: 0,
  itemsReturned: 0,
  returnedRcu: 0,
});

// ---------------------------------------------------------------- item sizes (DynamoDB's rules)

function numberSize(n: number | bigint): number {
  const digits = String(n)
    .replace(/^-/, '')
    .replace(/e.*$/i, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

/** Bytes of one attribute value: strings by UTF-8 length, numbers by significant digits, containers +3 (+1 each). */
function valueSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, v) => sum + valueSize(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, v) => sum + 1 + valueSize(v), 0);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return 3 + entries.reduce((sum, [k, v]) => sum + 1 + Buffer.byteLength(k) + valueSize(v), 0);
  }
  return 0;
}

/** An item's size as DynamoDB counts it (attribute names plus values). */
export function itemSize(item: Record<string, unknown>): number {
  return Object.entries(item).reduce((sum, [k, v]) => sum + Buffer.byteLength(k) + valueSize(v), 0);
}

type Item = Record<string, unknown>;

/** RCU of the items a read returned: one 4 KB unit per started 4 KB, halved when eventually consistent. */
function returnedReadUnits(command: string, input: Item, output: Item): number {
  const factor = input.ConsistentRead === true ? 1 : 0.5;
  const units = (bytes: number) => Math.max(1, Math.ceil(bytes / READ_UNIT));
  switch (command) {
    case 'GetItemCommand':
      return units(output.Item ? itemSize(output.Item as Item) : 0) * factor;
    case 'QueryCommand':
    case 'ScanCommand': {
      const items = (output.Items as Item[] | undefined) ?? [];
      return units(items.reduce((sum, i) => sum + itemSize(i), 0)) * factor;
    }
    case 'BatchGetItemCommand': {
      const tables = Object.values((output.Responses as Record<string, Item[]> | undefined) ?? {});
      return tables.flat().reduce((sum, i) => sum + units(itemSize(i)) * 0.5, 0);
    }
    case 'TransactGetItemsCommand': {
      const responses = (output.Responses as { Item?: Item }[] | undefined) ?? [];
      return responses.reduce((sum, r) => sum + units(r.Item ? itemSize(r.Item) : 0) * 2, 0);
    }
    default:
      return 0;
  }
}

function returnedItems(command: string, output: Item): number {
  switch (command) {
    case 'GetItemCommand':
      return output.Item ? 1 : 0;
    case 'QueryCommand':
    case 'ScanCommand':
      return ((output.Items as unknown[] | undefined) ?? []).length;
    case 'BatchGetItemCommand':
      return Object.values((output.Responses as Record<string, unknown[]> | undefined) ?? {}).flat().length;
    case 'TransactGetItemsCommand':
      return ((output.Responses as { Item?: unknown }[] | undefined) ?? []).filter((r) => r.Item).length;
    default:
      return 0;
  }
}

function reportedUnits(output: Item): number | undefined {
  const consumed = output.ConsumedCapacity as { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
  if (consumed === undefined) return undefined;
  const list = Array.isArray(consumed) ? consumed : [consumed];
  return list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
}

// ---------------------------------------------------------------- the meter

export interface Meter {
  /** The totals since the meter was attached. */
  snapshot(): Reading;
  /** Runs `fn` and returns what it cost (the client must not be used by anything else meanwhile). */
  measure<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number; reading: Reading }>;
  detach(): void;
}

/**
 * A reading's requests by command, count first (`4,000 × UpdateItem, 1 × Query`): a name followed by its count
 * would read like a citation of a numbered item.
 */
export const requestsByCommand = (reading: Pick<Reading, 'byCommand'>, separator = ', '): string =>
  Object.entries(reading.byCommand)
    .map(([command, n]) => `${n.toLocaleString('en')} × ${command}`)
    .join(separator);

export function difference(after: Reading, before: Reading): Reading {
  const byCommand: Record<string, number> = {};
  for (const [name, n] of Object.entries(after.byCommand)) {
    const delta = n - (before.byCommand[name] ?? 0);
    if (delta > 0) byCommand[name] = delta;
  }
  return {
    requests: after.requests - before.requests,
    awsRequests: after.awsRequests - before.awsRequests,
    byCommand,
    rcu: after.rcu - before.rcu,
    wcu: after.wcu - before.wcu,
    computedReads: after.computedReads - before.computedReads,
    itemsRead: after.itemsRead - before.itemsRead,
    itemsReturned: after.itemsReturned - before.itemsReturned,
    returnedRcu: after.returnedRcu - before.returnedRcu,
  };
}

/** Attaches the meter to `client` (e.g. `db()`): every later request through it is counted. */
export function attachMeter(client: DynamoDBDocumentClient): Meter {
  const totals = empty();

  const count = (command: string) => {
    totals.requests++;
    const short = command.replace(/Command$/, '');
    totals.byCommand[short] = (totals.byCommand[short] ?? 0) + 1;
    // A Query or Scan is counted in pages once its response says how much it read.
    if (!PAGED.has(command)) totals.awsRequests++;
  };
  const record = (command: string, input: Item, output: Item) => {
    const reported = reportedUnits(output);
    if (READS.has(command)) {
      const returned = returnedReadUnits(command, input, output);
      totals.returnedRcu += returned;
      if (reported === undefined) totals.computedReads++;
      const rcu = reported ?? returned;
      totals.rcu += rcu;
      if (PAGED.has(command)) {
        const unitsRead = rcu / (input.ConsistentRead === true ? 1 : 0.5);
        totals.awsRequests += Math.max(1, Math.ceil(unitsRead / PAGE_UNITS));
      }
      const items = returnedItems(command, output);
      totals.itemsReturned += items;
      totals.itemsRead += typeof output.ScannedCount === 'number' ? output.ScannedCount : items;
    } else if (WRITES.has(command)) {
      totals.wcu += reported ?? 0;
    }
  };

  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      const metered = READS.has(command) || WRITES.has(command);
      const input = metered ? { ...(args.input as Item), ReturnConsumedCapacity: 'TOTAL' } : (args.input as Item);
      // Counted when sent: a request that fails (e.g. a condition) was still made.
      count(command);
      const result = await next({ ...args, input });
      record(command, input, (result.output ?? {}) as Item);
      return result;
    },
    { step: 'initialize', name: MIDDLEWARE, override: true },
  );

  const snapshot = (): Reading => ({ ...totals, byCommand: { ...totals.byCommand } });
  return {
    snapshot,
    async measure(fn) {
      const before = snapshot();
      const start = performance.now();
      const result = await fn();
      const ms = performance.now() - start;
      return { result, ms, reading: difference(snapshot(), before) };
    },
    detach() {
      client.middlewareStack.remove(MIDDLEWARE);
    },
  };
}
