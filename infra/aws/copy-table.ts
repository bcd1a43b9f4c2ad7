/**
 * Copies the items of one DynamoDB table into another, as they are: the way back from a point-in-time restore
 * (infra/README.md → Restore the table). The restore makes a new table; this puts its items into the stack's
 * table, which keeps its name, stream, alarms and place in CloudFormation.
 *
 *   npx tsx infra/aws/copy-table.ts --from <restored table> --to <TableName output> [--prefix USER#] [--dry-run]
 *
 * Every item read is written whole (a put: it replaces the item of the same key); items of the target that the
 * source does not have are left alone. `--prefix` copies only the items whose partition key starts with it.
 * Default AWS credentials and region; DYNAMODB_ENDPOINT for DynamoDB Local.
 */
import {
  type AttributeValue,
  BatchWriteItemCommand,
  DynamoDBClient,
  ScanCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { TABLE_KEYS } from '../../functions/lib/db/table';
import { fail, runAsCommand } from './migration-env';

export interface CopyOptions {
  client: DynamoDBClient;
  from: string;
  to: string;
  /** Only items whose partition key starts with this. */
  prefix?: string;
  /** Count what would be copied, write nothing. */
  dryRun?: boolean;
  /** Parallel scan segments. */
  segments?: number;
}

async function writeAll(client: DynamoDBClient, table: string, items: Record<string, AttributeValue>[]) {
  for (let start = 0; start < items.length; start += 25) {
    let requests: WriteRequest[] = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 50 * 2 ** attempt)));
      const result = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
      requests = result.UnprocessedItems?.[table] ?? [];
      if (attempt > 10) throw new Error(`${requests.length} items kept coming back unprocessed`);
    }
  }
}

/** Copies every item (or those under `prefix`); returns how many were read. */
async function copyTable({ client, from, to, prefix, dryRun, segments = 4 }: CopyOptions): Promise<number> {
  if (from === to) throw new Error('--from and --to name the same table');
  const filter = prefix
    ? {
        FilterExpression: 'begins_with(#pk, :prefix)',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey },
        ExpressionAttributeValues: { ':prefix': { S: prefix } },
      }
    : {};
  const counts = await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      let count = 0;
      let start: Record<string, AttributeValue> | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: from,
            Segment: segment,
            TotalSegments: segments,
            ExclusiveStartKey: start,
            ConsistentRead: true,
            ...filter,
          }),
        );
        const items = page.Items ?? [];
        if (!dryRun) await writeAll(client, to, items);
        count += items.length;
        start = page.LastEvaluatedKey;
      } while (start);
      return count;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

async function main() {
  const from = flag('--from') ?? fail('Name the restored table: --from <table>.');
  const to = flag('--to') ?? fail("Name the stack's table (its TableName output): --to <table>.");
  const dryRun = process.argv.includes('--dry-run');
  const prefix = flag('--prefix');
  const client = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT || undefined });
  const copied = await copyTable({ client, from, to, prefix, dryRun });
  console.log(
    `${copied} items ${dryRun ? 'would be copied' : 'copied'} from ${from} to ${to}${prefix ? ` (${prefix}…)` : ''}.`,
  );
  client.destroy();
}

runAsCommand(import.meta.url, main);
