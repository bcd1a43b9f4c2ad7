/** What each Lambda of the stack may do and how it runs, beside the route table's list of Lambdas. */
import { COUNTER_PREFIX, SEEN_PREFIX, TOKEN_USE_PREFIX } from '../../functions/advertisement/counters';
import { USE_PREFIX } from '../../functions/asset/uses';
import { DELIVERY_READ_PREFIXES, DELIVERY_WRITE_PREFIXES } from '../../functions/content/access';
import { LAMBDAS, type LambdaName } from '../../shared/api';

/** The delivery API's Lambda (shared/routes: `/content/v1/…`), reached through CloudFront's delivery behaviour. */
export const CONTENT = 'content' as LambdaName;
/** Ads served (`/content/v1/ads…`): decisions, impression beacons, clicks (functions/ad-serving/). */
export const AD_SERVING_LAMBDA = 'ad-serving' as LambdaName;
/** The delivery API's preview route (`/content/v1/preview/{token}`), behind the same behaviour. */
export const CONTENT_PREVIEW = 'content-preview' as LambdaName;
/** Makes image renditions on the CDN's first request for one (`/media/r/…`, functions/media-render/). */
export const MEDIA_RENDER = 'media-render' as LambdaName;

/**
 * The route Lambdas that get the preview token secret (functions/preview/token.ts): the article Lambda signs preview
 * tokens, the preview Lambda checks them. No other function holds it.
 */
export const PREVIEW_SIGNING: readonly LambdaName[] = ['article' as LambdaName, CONTENT_PREVIEW];

/**
 * What the preview Lambda may read: the article's partition (its row, content and draft), the categories and
 * files it names, and the content key it is called with; it writes only that key's last use. No user, session,
 * role or anything else a flaw could leak to the public site's servers.
 */
export const PREVIEW_READ_PREFIXES = ['CMS#', 'CATEGORY#', 'ASSET#', ...DELIVERY_WRITE_PREFIXES] as const;

/**
 * What the ad-serving Lambda may read: the ads readers may be shown and the published categories (`PUB#`), the
 * content keys, and ads' counters; and write: the counters, the tokens' uses, the readers' last counts, a key's
 * last use. Never an ad's record, a client, a user or anything unpublished.
 */
export const AD_SERVING_READ_PREFIXES = ['PUB#', 'APIKEY#', COUNTER_PREFIX] as const;
export const AD_SERVING_WRITE_PREFIXES = ['APIKEY#', COUNTER_PREFIX, TOKEN_USE_PREFIX, SEEN_PREFIX] as const;

/**
 * What a route Lambda may do in S3 (the media-sweeper's one grant, deleting published files, is made in
 * background-jobs.ts); a Lambda not listed here and not the sweeper gets no S3 access at all. Table access is
 * per function too: tableActions below.
 */
export const MEDIA_ACCESS: Partial<Record<LambdaName, 'readPublished' | 'uploads' | 'renditions'>> = {
  // Signs uploads to uploads/ (PUT and multipart), reads them to verify, writes the checked copy to media/ and
  // deletes the upload. It never deletes or overwrites a published file's key by any other path.
  asset: 'uploads',
  // POST /cms/getHtml reads an uploaded (published) PDF.
  'article-import': 'readPublished',
  // Reads a picture's private original (or its served copy) and stored renditions; puts renditions under
  // media/r/ only (storage.ts grantRenditions).
  [MEDIA_RENDER]: 'renditions',
};

/** Whether a function reads or writes the media bucket's objects (its grants: stack.ts, background-jobs.ts). */
export const usesMedia = (name: FunctionName): boolean => name in MEDIA_ACCESS || name === MEDIA_SWEEPER;

/** Lambdas that may run long: S3 verification and file parsing. API Gateway's own limit is 30 s. */
export const LONG_RUNNING: readonly LambdaName[] = ['asset', 'article-import', 'user-import', MEDIA_RENDER];

/** bcrypt and pdf.js are CPU-bound: 1769 MB is one full vCPU (the import's one hash per row, PDF parsing). */
export const MEMORY_MB: Partial<Record<LambdaName, number>> = {
  'user-import': 1769,
  'article-import': 1769,
  // A 60-megapixel picture decoded and scaled (infra/bench/README.md → Renditions: ~420 MB at worst, a 60 MP
  // PNG to a 2560-px AVIF), and ~1 vCPU for AVIF.
  [MEDIA_RENDER]: 1536,
  // The upload check cleans a raster picture whole: a 60 MP PNG is read (up to 200 MB) and rewritten (~410 MB).
  asset: 1536,
};

export const PUBLISHER = 'publisher';
export const MEDIA_SWEEPER = 'media-sweeper';
export const TRASH_SWEEPER = 'trash-sweeper';
/** Lambdas that no route calls: each runs on its own schedule. */
export const SCHEDULED_FUNCTIONS = [PUBLISHER, MEDIA_SWEEPER, TRASH_SWEEPER] as const;

export const NAME_SYNC = 'name-sync';
/** Keeps the published projection and tells the CDN and the webhooks of content changes (delivery.ts). */
export const CONTENT_CHANGES = 'content-changes';
/** Keeps the edge's store of live content keys in step with the table (delivery.ts). */
export const EDGE_KEYS = 'edge-keys';
/** Keeps where each file is used, from the changes of the items that reference files (functions/asset/uses.ts). */
export const MEDIA_USES = 'media-uses';
/** Lambdas that the table's stream calls. */
export const STREAM_FUNCTIONS = [NAME_SYNC, CONTENT_CHANGES, EDGE_KEYS, MEDIA_USES] as const;

/** Purges changed delivery API paths from CloudFront, from the invalidation queue (delivery.ts). */
export const CDN_INVALIDATOR = 'cdn-invalidator';
/**
 * Sends webhook deliveries, from WEBHOOK_QUEUE_URL (functions/webhook-delivery/; its retry schedule, schedule.ts,
 * sizes the queue).
 */
export const WEBHOOK_DELIVERY = 'webhook-delivery';
/** Lambdas that an SQS queue calls. */
export const QUEUE_FUNCTIONS = [CDN_INVALIDATOR, WEBHOOK_DELIVERY] as const;

/** Lambdas no route calls. */
export const BACKGROUND_FUNCTIONS = [...SCHEDULED_FUNCTIONS, ...STREAM_FUNCTIONS, ...QUEUE_FUNCTIONS] as const;
export type FunctionName = LambdaName | (typeof BACKGROUND_FUNCTIONS)[number];

/** Every Lambda of the stack: one per resource of the route table, then those no route calls. */
export const ALL_FUNCTIONS: readonly FunctionName[] = [...LAMBDAS, ...BACKGROUND_FUNCTIONS];

/** The DynamoDB actions behind the commands the code sends (functions/**: the models and lib/db/). */
export const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;
/** TransactWriteItems is no IAM action of its own: each of its puts, updates, deletes and condition checks is. */
export const TABLE_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
] as const;
const TABLE_BATCH_WRITE = ['dynamodb:BatchWriteItem'] as const;
export type TableAction =
  | (typeof TABLE_READ)[number]
  | (typeof TABLE_WRITE)[number]
  | (typeof TABLE_BATCH_WRITE)[number];

/**
 * What a Lambda may do on the table (and Query on its indexes), when it is not everything the code does: never
 * Scan, DescribeTable or any control-plane action. tests/infra/table-access.test.ts follows each handler's imports
 * and checks that these are exactly the commands its code can send.
 */
const TABLE_ACCESS: Partial<Record<FunctionName, readonly TableAction[]>> = {
  // The OpenAPI document is built from the route table: no table, no sign-in.
  docs: [],
  // Neither reads the table: one writes the edge's key store, the other makes CloudFront invalidations.
  [EDGE_KEYS]: [],
  [CDN_INVALIDATOR]: [],
  // Reads what is published, and notes a content key's last use; no index (TABLE_LEADING_KEYS).
  [CONTENT]: [...TABLE_READ, 'dynamodb:UpdateItem'],
  // Reads the ads to show and their counters, counts impressions and clicks; no batch write, no index.
  [AD_SERVING_LAMBDA]: [...TABLE_READ, ...TABLE_WRITE],
  // Reads one article as saved, and notes a content key's last use; no index (TABLE_LEADING_KEYS).
  [CONTENT_PREVIEW]: [...TABLE_READ, 'dynamodb:UpdateItem'],
  // Reads one file's record (its status, type and focal point); writes nothing (TABLE_LEADING_KEYS).
  [MEDIA_RENDER]: ['dynamodb:GetItem'],
  // Read, transact and update; never a batch write.
  [NAME_SYNC]: [...TABLE_READ, ...TABLE_WRITE],
  // Reads a file's alt text, puts and deletes its uses (TABLE_LEADING_KEYS).
  [MEDIA_USES]: [...TABLE_READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  [MEDIA_SWEEPER]: [...TABLE_READ, ...TABLE_WRITE],
  [PUBLISHER]: [...TABLE_READ, ...TABLE_WRITE],
  [TRASH_SWEEPER]: [...TABLE_READ, ...TABLE_WRITE],
  // Reads a hook, moves its counters and logs each attempt, all in the hook's partition (TABLE_LEADING_KEYS).
  [WEBHOOK_DELIVERY]: [...TABLE_READ, ...TABLE_WRITE],
};

export function tableActions(name: FunctionName): readonly TableAction[] {
  return TABLE_ACCESS[name] ?? [...TABLE_READ, ...TABLE_WRITE, ...TABLE_BATCH_WRITE];
}

/**
 * Lambdas whose table access is further held to items whose partition key starts with one of `read` (the reads of
 * tableActions) or `write` (its writes), by a `dynamodb:LeadingKeys` condition, and which may not Query an index
 * (an index's keys are not the table's, so the condition could not hold them).
 */
export const TABLE_LEADING_KEYS: Partial<Record<FunctionName, { read: readonly string[]; write: readonly string[] }>> =
  {
    [CONTENT]: { read: DELIVERY_READ_PREFIXES, write: DELIVERY_WRITE_PREFIXES },
    [CONTENT_PREVIEW]: { read: PREVIEW_READ_PREFIXES, write: DELIVERY_WRITE_PREFIXES },
    [AD_SERVING_LAMBDA]: { read: AD_SERVING_READ_PREFIXES, write: AD_SERVING_WRITE_PREFIXES },
    [MEDIA_RENDER]: { read: ['ASSET#'], write: [] },
    [MEDIA_USES]: { read: ['ASSET#', USE_PREFIX], write: [USE_PREFIX] },
    // A hook's item and its delivery log are all it touches (functions/webhook/model.ts).
    [WEBHOOK_DELIVERY]: { read: ['WEBHOOK#'], write: ['WEBHOOK#'] },
  };

/** Route Lambdas that never sign a token or check one (no JWT secret): public routes only. */
export const WITHOUT_SIGN_IN: readonly LambdaName[] = [
  'docs',
  // The delivery API checks content keys, never a staff member's token.
  CONTENT,
  // Checks preview tokens with their own secret (PREVIEW_SIGNING), never the JWT secret.
  CONTENT_PREVIEW,
  // Signs and checks ad tokens with their own secret (AD_TOKEN_SIGNING).
  AD_SERVING_LAMBDA,
  // Renditions are public pictures: the CDN asks, nobody signs in.
  MEDIA_RENDER,
];

/** The Lambdas that get the ad token secret (functions/ad-serving/token.ts): only the one that signs and checks them. */
export const AD_TOKEN_SIGNING: readonly LambdaName[] = [AD_SERVING_LAMBDA];

/**
 * Reserved concurrency (context `reservedConcurrency`, default on): the functions that write the table in bulk or
 * on a schedule, so an import, a stuck retry loop or overlapping runs cannot take the table's capacity or the
 * account's concurrency from the API. A function over its limit is throttled: an API call fails (and the
 * Throttles alarm fires), a scheduled run waits in Lambda's own queue and is tried again.
 */
export const RESERVED_CONCURRENCY: Partial<Record<FunctionName, number>> = {
  // One hash and one write per row; two imports at once.
  'user-import': 2,
  // A run every minute, plus retries of a failed one.
  [PUBLISHER]: 2,
  // Hourly; a second run at the same time would only race the first.
  [MEDIA_SWEEPER]: 1,
  [TRASH_SWEEPER]: 1,
};
