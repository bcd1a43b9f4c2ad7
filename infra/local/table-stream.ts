/**
 * The table's stream on a laptop: DynamoDB Local keeps a stream as DynamoDB does, and this reads it as Lambda's
 * event source mappings would, handing each batch of records to each consumer whose filter takes some of them (the
 * content-changes Lambda, the edge's key store, the media-uses Lambda): the same records, filtered by the same list
 * of sources, in the same order per shard. Each consumer works through a queue of its own, as each mapping reads on
 * its own. The stream is switched on for a table made before it existed. Reading starts at the stream's end when
 * the stack starts (what changed while it was stopped is caught up by the projection's backfill,
 * functions/content-changes/backfill.ts) and at the start of every shard opened since.
 */
import { DescribeTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';

/** One event source mapping: its filter and its function. */
export interface StreamConsumer {
  name: string;
  /** Which records the handler gets (the mapping's filter), by their keys as stored. */
  accept: (keys: Record<string, unknown>) => boolean;
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;
}

export interface TableStreamOptions {
  endpoint: string;
  tableName: string;
  consumers: readonly StreamConsumer[];
  log?: (line: string) => void;
  /** How long to wait between reads of a quiet stream. */
  idleMs?: number;
}

export interface RunningTableStream {
  /**
   * Resolves once every record written before the call has been handed to the handler and handled: at the end of
   * the first round begun after the call that found nothing more to read.
   */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
/** A consumer's batch that takes longer than this is logged: the stream's lag shows where it comes from. */
const SLOW_BATCH_MS = 5000;
/** The batches a consumer may have waiting before the reader waits for it (memory stays bounded). */
const QUEUE_MAX = 20;
const region = () => process.env.AWS_REGION ?? 'us-east-1';

/** The stream's ARN, switching the stream on (new and old images, as in the stack) when it is off. */
async function streamArn(endpoint: string, tableName: string): Promise<string> {
  const client = new DynamoDBClient({ endpoint, region: region(), credentials });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.StreamSpecification?.StreamEnabled && Table.LatestStreamArn) return Table.LatestStreamArn;
    const out = await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    const arn = out.TableDescription?.LatestStreamArn;
    if (!arn) throw new Error('DynamoDB Local did not give the table a stream');
    return arn;
  } finally {
    client.destroy();
  }
}

/** Keys as a stream record holds them (attribute values), as plain values for the filter. */
function plainKeys(record: StreamRecord): Record<string, unknown> {
  const keys = record.dynamodb?.Keys ?? {};
  return Object.fromEntries(Object.entries(keys).map(([name, value]) => [name, value.S ?? value.N ?? value.B]));
}

type Image = Record<string, unknown>;

/**
 * An image as DynamoDB Streams gives it. DynamoDB Local writes an empty map as `{}` where DynamoDB writes
 * `{"M":{}}` (an Editor.js block's empty `meta`, for one), which no unmarshaller reads: each is put back as `M`.
 */
function attributeValue(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const typed = value as { M?: Image; L?: unknown[] };
  if (Object.keys(typed).length === 0) return { M: {} };
  if (typed.M) return { M: imageOf(typed.M) };
  if (Array.isArray(typed.L)) return { L: typed.L.map(attributeValue) };
  return value;
}
const imageOf = (image: Image): Image =>
  Object.fromEntries(Object.entries(image).map(([name, value]) => [name, attributeValue(value)]));

/** A record as Lambda hands it over. */
function lambdaRecord(record: StreamRecord, arn: string): DynamoDBStreamEvent['Records'][number] {
  const at = record.dynamodb?.ApproximateCreationDateTime;
  const images = {
    ...(record.dynamodb?.NewImage ? { NewImage: imageOf(record.dynamodb.NewImage) } : {}),
    ...(record.dynamodb?.OldImage ? { OldImage: imageOf(record.dynamodb.OldImage) } : {}),
  };
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: region(),
    eventSourceARN: arn,
    dynamodb: {
      ...(record.dynamodb as NonNullable<DynamoDBStreamEvent['Records'][number]['dynamodb']>),
      ...(images as NonNullable<DynamoDBStreamEvent['Records'][number]['dynamodb']>),
      ApproximateCreationDateTime: at instanceof Date ? at.getTime() / 1000 : (at as number | undefined),
    },
  };
}

export async function startTableStream(options: TableStreamOptions): Promise<RunningTableStream> {
  const log = options.log ?? (() => undefined);
  const idleMs = options.idleMs ?? 100;
  const arn = await streamArn(options.endpoint, options.tableName);
  const streams = new DynamoDBStreamsClient({ endpoint: options.endpoint, region: region(), credentials });
  /** The next iterator of each open shard; a shard read to its end is dropped, and remembered as done. */
  const iterators = new Map<string, string>();
  const done = new Set<string>();
  let first = true;
  let stopped = false;
  let rounds = 0;
  const roundWaiters: { after: number; resolve: () => void }[] = [];

  async function discoverShards() {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId;
      if (!id || iterators.has(id) || done.has(id)) continue;
      // Shards there when the stack starts: from their end. Shards opened since: from their start.
      const open = shard.SequenceNumberRange?.EndingSequenceNumber === undefined;
      if (first && !open) {
        done.add(id);
        continue;
      }
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: arn,
          ShardId: id,
          ShardIteratorType: first ? 'LATEST' : 'TRIM_HORIZON',
        }),
      );
      if (ShardIterator) iterators.set(id, ShardIterator);
    }
    first = false;
  }

  // Each consumer has its own queue of batches, handled in order, as each event source mapping reads the stream on
  // its own in AWS: a consumer busy with a backlog (the uses of a thousand saves) never holds another's next record.
  // The reader waits only when a queue grows past QUEUE_MAX batches.
  const queues = new Map(options.consumers.map((consumer) => [consumer, { tail: Promise.resolve(), length: 0 }]));

  async function handle(records: StreamRecord[]) {
    for (const [consumer, queue] of queues) {
      queue.length++;
      queue.tail = queue.tail
        .then(() => deliver(consumer, records))
        .catch((error: unknown) =>
          log(`table stream: ${consumer.name}: ${error instanceof Error ? error.message : error}`),
        )
        .finally(() => {
          queue.length--;
        });
      if (queue.length > QUEUE_MAX) await queue.tail;
    }
  }

  /** Every batch handed to a consumer so far, handled. */
  const drained = () => Promise.all([...queues.values()].map((queue) => queue.tail));

  async function deliver(consumer: StreamConsumer, records: StreamRecord[]) {
    const accepted = records.filter((r) => consumer.accept(plainKeys(r)));
    if (accepted.length === 0) return;
    const event: DynamoDBStreamEvent = { Records: accepted.map((r) => lambdaRecord(r, arn)) };
    // As the mapping retries a batch that reported a failure; locally three tries, then it is logged and left.
    let failed = true;
    const started = Date.now();
    for (let attempt = 1; attempt <= 3 && failed; attempt++) {
      // A handler that throws failed the whole batch, as Lambda counts it.
      failed = await consumer.handler(event).then(
        (out) => out.batchItemFailures.length > 0,
        (error: unknown) => {
          log(`table stream: ${consumer.name} threw: ${error instanceof Error ? error.message : String(error)}`);
          return true;
        },
      );
      if (failed && attempt < 3) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
    if (failed) log(`table stream: ${consumer.name} kept failing a batch of ${accepted.length}; left after 3 tries`);
    const took = Date.now() - started;
    if (took > SLOW_BATCH_MS) log(`table stream: ${consumer.name} took ${took} ms for a batch of ${accepted.length}`);
  }

  async function readRound(): Promise<number> {
    await discoverShards();
    let read = 0;
    for (const [shard, iterator] of [...iterators]) {
      const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      const records = out.Records ?? [];
      read += records.length;
      if (records.length > 0) await handle(records);
      if (out.NextShardIterator) iterators.set(shard, out.NextShardIterator);
      else {
        iterators.delete(shard);
        done.add(shard);
      }
    }
    return read;
  }

  const loop = (async () => {
    while (!stopped) {
      let read = 0;
      try {
        read = await readRound();
      } catch (error) {
        if (stopped) break;
        log(`table stream: ${error instanceof Error ? error.message : String(error)}`);
        // An expired iterator (DynamoDB's live 15 minutes): start the shards again from where they stand. Any other
        // failure (DynamoDB Local busy) reads the same shards again from the same place, losing nothing.
        if (error instanceof Error && error.name === 'ExpiredIteratorException') {
          iterators.clear();
          first = true;
        }
      }
      rounds++;
      for (const waiter of roundWaiters.splice(0)) {
        if (rounds > waiter.after + 1 && read === 0) void drained().then(() => waiter.resolve());
        else roundWaiters.push(waiter);
      }
      if (read === 0 && !stopped) await new Promise((resolve) => setTimeout(resolve, idleMs));
    }
  })();

  return {
    // A round begun after the call (the one running may have begun before the write), that read nothing.
    settled: () => new Promise<void>((resolve) => roundWaiters.push({ after: rounds, resolve })),
    async stop() {
      stopped = true;
      await loop;
      await drained();
      for (const waiter of roundWaiters.splice(0)) waiter.resolve();
      streams.destroy();
    },
  };
}
