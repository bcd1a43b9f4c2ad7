/**
 * The whole product on one machine: DynamoDB Local, s3rver, the gateway running the real Lambda handlers,
 * and the publisher on a timer. Used by `npm start`, `npm run dev`, the integration tests and the e2e tests.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fileSourceOf } from '../../functions/asset/uses';
import { claimCategoryNames, describeDuplicates } from '../../functions/category/names';
import { backfillProjection, projectionIsCurrent } from '../../functions/content-changes/backfill';
import { purgeLocallyWith } from '../../functions/content-changes/invalidations';
import { sourceOf } from '../../functions/content-changes/sources';
import { resetDbClient } from '../../functions/lib/db/client';
import { DEFAULT_MEDIA_BUCKET, DEFAULT_TABLE_NAME } from '../../functions/lib/db/table';
import { whenRenamed } from '../../functions/lib/renames';
import { resetS3Clients } from '../../functions/lib/s3';
import { resetSecretCache } from '../../functions/lib/secrets';
import { nameSyncsSettled, startNameSync } from '../../functions/name-sync/trigger';
import type { PublisherRun } from '../../functions/publisher/handler';
import type { TrashSweep } from '../../functions/trash-sweeper/handler';
import { startLocalWebhookQueue } from '../../functions/webhook-delivery/local-queue';
import { TRASH_DAYS } from '../../shared/constants';
import type { FunctionName } from '../aws/functions';
import { ContentCache } from './content-cache';
import { type RunningDynamo, startDynamo } from './dynamo';
import { EdgeKeys } from './edge-keys';
import { contentOrigin, createGateway, S3_PROXY_BASE } from './gateway';
import { lambdaContext, loadJob } from './handlers';
import { type RunningS3, S3RVER_CREDENTIALS, startS3 } from './s3';
import {
  ensureBucket,
  ensureTable,
  indexExistingRecords,
  moveLegacyMedia,
  type SeedUser,
  seedSystemRoles,
  seedUser,
} from './setup';
import { startTableStream } from './table-stream';

export interface LocalStackOptions {
  /** Port of the gateway; 0 picks a free one. */
  port: number;
  /** Where data persists; undefined keeps DynamoDB in memory and S3 in a temporary folder (tests). */
  dataDir?: string;
  /** Required when dataDir is undefined: a folder for s3rver's objects. */
  scratchDir?: string;
  webDir?: string;
  middleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  seedUsers?: SeedUser[];
  /** Publisher period in ms; 0 disables the timer. */
  publisherEveryMs?: number;
  /** Period in ms of the media and trash sweepers (each an hour in AWS); 0 disables their timers. */
  sweeperEveryMs?: number;
  log?: (line: string) => void;
}

export interface LocalStack {
  url: string;
  port: number;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** Resolves once every change written so far has reached the published projection (and the CDN stand-in). */
  contentSettled(): Promise<void>;
  stop(): Promise<void>;
}

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** A scheduled Lambda's handler (its bundle in bundle mode), called as EventBridge calls it. */
async function scheduledRun<Result>(name: FunctionName): Promise<() => Promise<Result>> {
  const handler = await loadJob(name);
  return async () => (await handler({}, lambdaContext(name, randomUUID()))) as Result;
}

/**
 * A signing secret: `variable` if set, else one generated on first start and kept in the data folder as `file` (the
 * JWT secret; the preview token secret, functions/preview/token.ts, its own as in AWS).
 */
function localSecret(dataDir: string | undefined, variable: string, file_: string): string {
  const set = process.env[variable];
  if (set) return set;
  if (!dataDir) return randomBytes(48).toString('base64url');
  const file = join(dataDir, file_);
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const s3Dir = options.dataDir ? join(options.dataDir, 's3') : options.scratchDir;
  if (!s3Dir) throw new Error('startLocalStack needs dataDir or scratchDir');

  const tableName = process.env.TABLE_NAME ?? DEFAULT_TABLE_NAME;
  const bucket = process.env.MEDIA_BUCKET ?? DEFAULT_MEDIA_BUCKET;
  const stoppers: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => undefined);
    stoppers.length = 0;
  };

  try {
    const dynamo: RunningDynamo = await startDynamo({
      dataDir: options.dataDir ? join(options.dataDir, 'dynamodb') : undefined,
    });
    stoppers.push(dynamo.stop);
    const s3: RunningS3 = await startS3({ dir: s3Dir, bucket });
    stoppers.push(s3.stop);

    // The handlers read their configuration from the environment, exactly as in Lambda.
    Object.assign(process.env, {
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      TABLE_NAME: tableName,
      MEDIA_BUCKET: bucket,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      JWT_SECRET: localSecret(options.dataDir, 'JWT_SECRET', 'jwt-secret'),
      PREVIEW_SECRET: localSecret(options.dataDir, 'PREVIEW_SECRET', 'preview-secret'),
      AD_TOKEN_SECRET: localSecret(options.dataDir, 'AD_TOKEN_SECRET', 'ad-token-secret'),
      // A rename starts the name sync itself (functions/name-sync/trigger.ts), as before the local stack read the
      // table's stream (table-stream.ts, for the content changes and the edge's keys).
      NAME_SYNC: 'inline',
      // Powertools (functions/lib/observability.ts), unless set already: log lines pretty-printed, no EMF metric
      // blobs, no tracing (it is off outside Lambda anyway; this says so).
      POWERTOOLS_DEV: process.env.POWERTOOLS_DEV ?? 'true',
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
      POWERTOOLS_TRACE_ENABLED: process.env.POWERTOOLS_TRACE_ENABLED ?? 'false',
    });
    whenRenamed(startNameSync);
    resetDbClient();
    resetSecretCache();

    const created = await ensureTable(dynamo.endpoint, tableName);
    if (created === 'created') log(`created table ${tableName}`);
    await ensureBucket(s3.endpoint, bucket);
    const legacy = await moveLegacyMedia(s3.endpoint, bucket);
    if (legacy.moved + legacy.deleted > 0) {
      log(`media: moved ${legacy.moved} checked file(s) under media/, deleted ${legacy.deleted} unchecked one(s)`);
    }
    const roles = await seedSystemRoles();
    if (roles === 'created') log('created the built-in Administrator role');
    if (roles === 'upgraded') log('gave the built-in Administrator role the new Site and Layout permissions');
    for (const seed of options.seedUsers ?? []) {
      if ((await seedUser(seed)) === 'created')
        log(`created ${seed.isSuperAdmin ? 'super admin' : 'user'} ${seed.email}`);
    }
    const indexed = await indexExistingRecords();
    if (indexed > 0) log(`title search: indexed ${indexed} article(s) and ad(s) saved before the index`);
    // Category names unique among siblings: the categories from before the name items, and siblings sharing a name.
    const names = await claimCategoryNames();
    if (names.claimed > 0) log(`category names: ${names.claimed} claimed`);
    for (const line of describeDuplicates(names.duplicates))
      log(`category names shared by siblings (rename or merge): ${line}`);

    // The delivery API's published copies: made whole once per version of the projection (a table from before
    // it), then kept by the table's stream.
    if (!(await projectionIsCurrent())) {
      const made = await backfillProjection();
      if (made.articles + made.categories + made.epapers > 0) {
        log(`delivery API: published copies made of ${made.articles} article(s) and ${made.epapers} edition(s)`);
      }
    }
    // No SQS here: webhook deliveries wait in an in-process queue that runs the webhook-delivery Lambda's own
    // handler (its bundle in bundle mode) as the queue's event source would, one message a batch. Started before
    // the table stream, whose consumer queues them.
    const deliverWebhooks = await loadJob('webhook-delivery');
    const webhooks = startLocalWebhookQueue({
      tickMs: 1000,
      handle: async (message) => {
        const event = { Records: [{ messageId: randomUUID(), body: JSON.stringify(message) }] };
        const out = (await deliverWebhooks(event, lambdaContext('webhook-delivery', randomUUID()))) as {
          batchItemFailures: unknown[];
        };
        if (out.batchItemFailures.length > 0) throw new Error('The webhook delivery failed; received again later');
      },
    });
    stoppers.push(() => webhooks.stop());
    // The CDN in front of the delivery API: its edge key check (the CloudFront Function's code and a copy of its
    // key store), rate limit and cache, purged by the content-changes consumer; both kept by the table's stream.
    const edgeKeys = new EdgeKeys();
    await edgeKeys.load();
    const contentCache = new ContentCache({ origin: contentOrigin, edge: (req) => edgeKeys.check(req) });
    const changes = await loadJob('content-changes');
    const mediaUses = await loadJob('media-uses');
    const stream = await startTableStream({
      endpoint: dynamo.endpoint,
      tableName,
      consumers: [
        {
          name: 'content-changes',
          accept: (keys) => sourceOf(keys) !== undefined,
          handler: (event: DynamoDBStreamEvent) =>
            changes(event, lambdaContext('content-changes', randomUUID())) as Promise<DynamoDBBatchResponse>,
        },
        edgeKeys.consumer(),
        {
          name: 'media-uses',
          accept: (keys) => fileSourceOf(keys) !== undefined,
          handler: (event: DynamoDBStreamEvent) =>
            mediaUses(event, lambdaContext('media-uses', randomUUID())) as Promise<DynamoDBBatchResponse>,
        },
      ],
      log,
    });
    stoppers.push(() => stream.stop());
    purgeLocallyWith((paths) => contentCache.purge(paths));
    stoppers.push(async () => purgeLocallyWith(undefined));

    const server = createGateway({
      webDir: options.webDir,
      middleware: options.middleware,
      mediaBucket: bucket,
      s3Endpoint: s3.endpoint,
      contentCache,
      log,
    });
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(options.port, () => resolveListen());
    });
    stoppers.push(
      () =>
        new Promise<void>((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
    );
    const port = (server.address() as AddressInfo).port;
    // Presigned URLs for browsers go through the gateway (see proxyToS3); set before the first upload signs.
    process.env.S3_PUBLIC_ENDPOINT = `http://localhost:${port}${S3_PROXY_BASE}`;
    resetS3Clients();

    if (options.publisherEveryMs) {
      const publishDue = await scheduledRun<PublisherRun>('publisher');
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        publishDue()
          .then((r) => r.published > 0 && log(`publisher: published ${r.published} scheduled article(s)`))
          .catch((e: unknown) => log(`publisher failed: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => {
            running = false;
          });
      }, options.publisherEveryMs);
      stoppers.push(async () => clearInterval(timer));
    }

    if (options.sweeperEveryMs) {
      const sweepUnclaimedMedia = await scheduledRun<{ deleted: number }>('media-sweeper');
      const timer = setInterval(() => {
        sweepUnclaimedMedia()
          .then((r) => r.deleted > 0 && log(`media sweeper: deleted ${r.deleted} unreferenced file(s)`))
          .catch((e: unknown) => log(`media sweeper failed: ${e instanceof Error ? e.message : String(e)}`));
      }, options.sweeperEveryMs);
      stoppers.push(async () => clearInterval(timer));

      const purgeExpiredTrash = await scheduledRun<TrashSweep>('trash-sweeper');
      let sweeping = false;
      const trashTimer = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        purgeExpiredTrash()
          .then((sweep) => {
            const deleted = Object.values(sweep).reduce((sum, count) => sum + count, 0);
            if (deleted > 0) log(`trash sweeper: deleted ${deleted} record(s) for good after ${TRASH_DAYS} days`);
          })
          .catch((e: unknown) => log(`trash sweeper failed: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => {
            sweeping = false;
          });
      }, options.sweeperEveryMs);
      stoppers.push(async () => clearInterval(trashTimer));
    }

    // First thing on stop: let name syncs still running finish while the table is there.
    stoppers.push(() => nameSyncsSettled().then(() => undefined));

    return {
      url: `http://localhost:${port}`,
      port,
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint: s3.endpoint,
      contentSettled: () => stream.settled(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
