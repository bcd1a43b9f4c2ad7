/** First-run setup shared by `npm start` and the tests: table, bucket and the seeded super admin. */
import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { countAdsInCategories } from '../../functions/advertisement/category-counts';
import { countAdsInClients } from '../../functions/advertisement/client-counts';
import { setAdCounters } from '../../functions/advertisement/counting';
import { ADS_BACKFILL } from '../../functions/advertisement/model';
import { listAdNames } from '../../functions/advertisement/names';
import { countArticlesInCategories } from '../../functions/article/category-counts';
import { backfillArticleListings } from '../../functions/article/listings-backfill';
import { ARTICLES_BACKFILL } from '../../functions/article/model';
import { listArticleNames } from '../../functions/article/names';
import { backfillMediaLibrary } from '../../functions/asset/library-backfill';
import { getAsset } from '../../functions/asset/model';
import { EPAPERS_BACKFILL } from '../../functions/epaper/model';
import { listEditionNames } from '../../functions/epaper/names';
import { INDEX_LIST, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/lib/db/table';
import { rekeyUnique } from '../../functions/lib/db/unique-keys';
import { newId, nowIso } from '../../functions/lib/ids';
import {
  PUBLISHED_PREFIX,
  publishedObjectHeaders,
  publishedObjectKey,
  UPLOADS_PREFIX,
} from '../../functions/lib/media-keys';
import { hashPassword } from '../../functions/lib/passwords';
import { countMenusInCategories } from '../../functions/menu/category-counts';
import { addBuiltInGrant, findRoleIdsByNames, insertRole, roleModel } from '../../functions/role/model';
import { backfillSearchIndex } from '../../functions/search/backfill';
import { getUserIdByEmail, insertUser } from '../../functions/user/model';
import { type ModelPermissions, RESOURCE_ACTIONS, RESOURCES } from '../../shared/permissions';
import { UNIQUE_KEY_MOVES } from '../aws/unique-key-moves';

/** Creates the table exactly as the CDK stack does (same keys, GSIs and TTL attribute) when it is missing. */
/** A table kept in `.data/` from an older version gets the indexes added since (one UpdateTable each). */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>) {
  for (const index of INDEX_LIST.filter((i) => !existing.has(i.name))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [
          { AttributeName: index.partitionKey, AttributeType: 'S' },
          { AttributeName: index.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: 'HASH' },
                { AttributeName: index.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
}

export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'exists'> {
  const client = new DynamoDBClient({ endpoint, region: process.env.AWS_REGION ?? 'us-east-1' });
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      await addMissingIndexes(
        client,
        tableName,
        new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName)),
      );
      return 'exists';
    } catch (error) {
      if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
    }
    const names = [
      TABLE_KEYS.partitionKey,
      TABLE_KEYS.sortKey,
      ...INDEX_LIST.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    const attributes: AttributeDefinition[] = names.map((name) => ({ AttributeName: name, AttributeType: 'S' }));
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributes,
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: INDEX_LIST.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
    return 'created';
  } finally {
    client.destroy();
  }
}

export async function ensureBucket(endpoint: string, bucket: string): Promise<void> {
  const client = new S3Client({ endpoint, region: process.env.AWS_REGION ?? 'us-east-1', forcePathStyle: true });
  try {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    }
  } finally {
    client.destroy();
  }
}

/**
 * Local data from before checked files moved under media/ kept every file at `<purpose>/<id>.<ext>`: a verified
 * one moves to `media/` (its URL stays `/media/<key>`), anything else (never completed or rejected) is deleted.
 * Returns how many files moved and how many were deleted.
 */
export async function moveLegacyMedia(endpoint: string, bucket: string): Promise<{ moved: number; deleted: number }> {
  const client = new S3Client({ endpoint, region: process.env.AWS_REGION ?? 'us-east-1', forcePathStyle: true });
  const result = { moved: 0, deleted: 0 };
  try {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      token = page.NextContinuationToken;
      for (const { Key: key } of page.Contents ?? []) {
        if (!key || key.startsWith(UPLOADS_PREFIX) || key.startsWith(PUBLISHED_PREFIX)) continue;
        const id = key.split('/').pop()?.split('.')[0]?.toUpperCase() ?? '';
        const asset = await getAsset(id);
        if (asset?.status === 'verified' && asset.key === key) {
          const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
          await client.send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: publishedObjectKey(key),
              CopySource: `${bucket}/${key}`,
              MetadataDirective: 'REPLACE',
              ...publishedObjectHeaders(key, head.ContentType ?? asset.contentType),
            }),
          );
          result.moved++;
        } else {
          result.deleted++;
        }
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      }
    } while (token);
  } finally {
    client.destroy();
  }
  return result;
}

export interface SeedUser {
  email: string;
  password: string;
  name: string;
  isSuperAdmin?: boolean;
  roles?: string[];
}

/** Creates the user unless one with that email exists. Uses the app's own repo, so keys stay in one place. */
export async function seedUser(seed: SeedUser): Promise<'created' | 'exists'> {
  if (await getUserIdByEmail(seed.email)) return 'exists';
  const now = nowIso();
  await insertUser({
    _id: newId(),
    name: seed.name,
    email: seed.email.trim(),
    phone: '',
    roles: seed.roles ?? [],
    status: 'Enable',
    isSuperAdmin: seed.isSuperAdmin === true,
    passwordHash: await hashPassword(seed.password),
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
    version: 1,
  });
  return 'created';
}

/** The built-in role a new install starts with: every permission, read-only (isEditable false). */
export const ADMINISTRATOR_ROLE = 'Administrator';

/** Every action each resource offers (RESOURCE_ACTIONS): what the Administrator role holds. */
export const everyPermission = (): ModelPermissions =>
  Object.fromEntries(RESOURCES.map((resource) => [resource, [...RESOURCE_ACTIONS[resource]]]));

/**
 * Creates the Administrator role, or brings a stored one up to date: a resource added since it was seeded
 * (Site, Layout) is granted in full; what it already holds is left exactly as it is.
 */
export async function seedSystemRoles(): Promise<'created' | 'upgraded' | 'exists'> {
  const stored = (await findRoleIdsByNames([ADMINISTRATOR_ROLE])).get(ADMINISTRATOR_ROLE.toLowerCase());
  if (stored) return (await grantNewResources(stored._id)) ? 'upgraded' : 'exists';
  const now = nowIso();
  await insertRole({
    _id: newId(),
    name: ADMINISTRATOR_ROLE,
    description: 'Built in: every permission on every resource',
    status: 'Enable',
    isEditable: false,
    modelPermissions: everyPermission(),
    createdAt: now,
    updatedAt: now,
    version: 1,
  });
  return 'created';
}

/** True when the built-in role gained a resource it had no entry for. */
async function grantNewResources(roleId: string): Promise<boolean> {
  const role = await roleModel.get(roleId);
  if (!role || role.isEditable) return false;
  const missing = RESOURCES.filter((resource) => role.modelPermissions?.[resource] === undefined);
  let granted = false;
  for (const resource of missing) {
    if (await addBuiltInGrant(roleId, resource, RESOURCE_ACTIONS[resource])) granted = true;
  }
  return granted;
}

/**
 * A table kept in `.data/` from before the title index gets its articles, ads and editions indexed (the backfill of
 * `npm run migrate:search-index`; instant once they are), and the other passes that command runs.
 */
export async function indexExistingRecords(): Promise<number> {
  const articles = await backfillSearchIndex(ARTICLES_BACKFILL, { restart: true, batchSize: 100 });
  const ads = await backfillSearchIndex(ADS_BACKFILL, { restart: true, batchSize: 100 });
  const editions = await backfillSearchIndex(EPAPERS_BACKFILL, { restart: true, batchSize: 100 });
  const categories = await countArticlesInCategories();
  // The authors' listings and totals (the list's author filter and Mine): the articles from before them.
  const authors = await backfillArticleListings();
  // The clients' ad counts (a client with ads cannot be removed): the ads from before them.
  const clients = await countAdsInClients();
  // The ads' impression counters (functions/advertisement/counters.ts): the ads from before them.
  await setAdCounters();
  // The media library's filters and search text, pictures' sizes, and where each file is used: once.
  const library = await backfillMediaLibrary();
  // The name references a rename reads (functions/README.md → Names in list rows): the rows from before them.
  const named = [await listArticleNames(), await listAdNames(), await listEditionNames()];
  const listed = named.reduce((sum, pass) => sum + pass.listed, 0);
  // The menus and ads naming each category (a category they name cannot be removed): those from before the count.
  const uses = (await countMenusInCategories()) + (await countAdsInCategories());
  // Unique names and slugs from before look-alike keys, moved to them.
  let moved = 0;
  for (const moves of UNIQUE_KEY_MOVES) moved += (await rekeyUnique(moves)).moved;
  return (
    articles.indexed +
    ads.indexed +
    editions.indexed +
    categories.counted +
    authors.listed +
    clients +
    listed +
    uses +
    moved +
    (library ? library.files + library.uses : 0)
  );
}
