/**
 * Brings files and records from before the media library into it, once (a mark item says it ran):
 * - each checked file gets its library filters' index keys and folded search text, and a picture its size, read
 *   from its published copy's header (renditions need it);
 * - each item that references files gets its uses written (functions/asset/uses.ts), as the stream would have.
 * Both are idempotent, so a run cut short is run whole again. Runs at `npm start` (infra/local/setup.ts) and in
 * `npm run migrate:search-index`.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isRenderable } from '../../shared/renditions';
import { config } from '../lib/config';
import { db, tableName } from '../lib/db/client';
import { batchGet } from '../lib/db/reads';
import { publishedObjectKey } from '../lib/media-keys';
import { s3 } from '../lib/s3';
import { type AssetRecord, assetItem, assetModel, unchangedSince } from './model';
import { syncUses } from './uses';

/**
 * Moves when what the backfill writes changes, or when the uses it writes may have been lost: it then runs again.
 * Version 2: on a laptop, the local stream reader had dropped `media-uses` batches holding an article with an
 * empty map (an Editor.js list's `meta`), so a `.data/` table from before may lack those uses.
 */
const LIBRARY_BACKFILL = { pk: 'MIGRATION#MEDIA-LIBRARY', sk: 'MIGRATION', version: 2 } as const;

/** Every item of one index partition (or table partition), page by page. */
async function* itemsOf(partition: string, index?: 'gsi1'): AsyncGenerator<Record<string, unknown>> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...(index ? { IndexName: index } : {}),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index ? 'gsi1pk' : 'pk' },
        ExpressionAttributeValues: { ':pk': partition },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) yield item;
    start = out.LastEvaluatedKey;
  } while (start);
}

/** A picture's size after orientation, from its published copy (already cleaned of its orientation tag or not). */
async function pictureSize(key: string): Promise<{ width: number; height: number } | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: publishedObjectKey(key) }));
    const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    const { loadSharp } = await import('../media-render/images');
    const sharp = await loadSharp();
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return undefined;
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    return undefined;
  }
}

async function indexFiles(): Promise<number> {
  let done = 0;
  for await (const item of itemsOf('ASSET', 'gsi1')) {
    if (typeof item.searchText === 'string') continue;
    const asset = assetModel.recordOf(item);
    const size =
      asset.status === 'verified' && isRenderable(asset.contentType) && !asset.width
        ? await pictureSize(asset.key)
        : undefined;
    await db()
      .send(
        new PutCommand({
          TableName: tableName(),
          Item: assetItem({ ...asset, ...size } as AssetRecord),
          ...unchangedSince(asset),
        }),
      )
      .catch((error: unknown) => {
        // Changed meanwhile: that write indexed it.
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      });
    done++;
  }
  return done;
}

/** The items that reference files: every record's live item (and an article's content and draft), and the trash. */
async function recordUses(): Promise<number> {
  let written = 0;
  const sync = async (item: Record<string, unknown>) => {
    written += (await syncUses({ key: { pk: String(item.pk), sk: String(item.sk) }, after: item })).put;
  };
  for (const entity of ['AD', 'CATEGORY', 'EPAPER']) {
    for await (const item of itemsOf(entity, 'gsi1')) await sync(item);
    for await (const item of itemsOf(`TRASH#${entity}`, 'gsi1')) await sync(item);
  }
  for await (const item of itemsOf(`TRASH#CMS`, 'gsi1')) await sync(item);
  let rows: Record<string, unknown>[] = [];
  const flush = async () => {
    const ids = rows.map((r) => String(r._id));
    rows = [];
    const parts = await batchGet(
      ids.flatMap((id) => [
        { pk: `CMS#${id}`, sk: 'CONTENT' },
        { pk: `CMS#${id}`, sk: 'DRAFT' },
      ]),
    );
    for (const part of parts) await sync(part);
  };
  for await (const row of itemsOf('CMS', 'gsi1')) {
    await sync(row);
    rows.push(row);
    if (rows.length === 50) await flush();
  }
  await flush();
  const site = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: 'SITE', sk: 'SITE' } }));
  if (site.Item) await sync(site.Item);
  return written;
}

/** Runs the backfill unless it ran at this version; returns what it did. */
export async function backfillMediaLibrary(): Promise<{ files: number; uses: number } | undefined> {
  const mark = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: LIBRARY_BACKFILL.pk, sk: LIBRARY_BACKFILL.sk },
      ConsistentRead: true,
    }),
  );
  if (mark.Item?.version === LIBRARY_BACKFILL.version) return undefined;
  const files = await indexFiles();
  const uses = await recordUses();
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...LIBRARY_BACKFILL } }));
  return { files, uses };
}
