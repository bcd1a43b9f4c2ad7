/** DynamoDB access for assets (uploaded files). */
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FileType, UploadPurpose } from '../../shared/constants';
import type { AssetStatus } from '../../shared/schemas/asset';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { batchGet, getRecord, withoutKeys } from '../lib/db/records';
import { INDEXES } from '../lib/db/table';
import { badRequest, conflict } from '../lib/errors';
import { assetKey, assetsByCreatedAt, UNCLAIMED_ASSETS, unclaimedAsset } from './keys';

export interface AssetRecord {
  _id: string;
  key: string;
  /** The original file name, kept only as data. */
  name: string;
  contentType: FileType;
  purpose: UploadPurpose;
  tag?: string;
  /** The size the client declared; `size` becomes the real one once verified. */
  declaredSize: number;
  size?: number;
  status: AssetStatus;
  reason?: string;
  owner: string;
  multipart?: { uploadId: string; partSize: number; partCount: number };
  createdAt: string;
  updatedAt: string;
  version: number;
  /** TTL (epoch seconds) while the upload is not verified: a never-completed upload's record is swept. */
  expiresAt?: number;
  /** Set once a record has referenced the file: from then on the media sweeper leaves it alone. */
  claimed?: boolean;
}

const strip = (item: Record<string, unknown>) => withoutKeys<AssetRecord>(item);

/**
 * Editor images are referenced by their URL inside rich text, which no claim follows: they are never swept.
 * Every other purpose is referenced through requireVerifiedFiles, which claims.
 */
const sweepable = (asset: AssetRecord) =>
  asset.status === 'verified' && !asset.claimed && asset.purpose !== 'editor-image';

const itemOf = (asset: AssetRecord) => ({
  ...assetKey(asset._id),
  ...assetsByCreatedAt(asset.createdAt, asset._id),
  ...(sweepable(asset) ? unclaimedAsset(asset.updatedAt, asset._id) : {}),
  ...asset,
});

export async function getAsset(id: string): Promise<AssetRecord | undefined> {
  return getRecord<AssetRecord>(assetKey(id), true);
}

export async function getAssets(ids: readonly string[]): Promise<AssetRecord[]> {
  return (await batchGet(ids.map(assetKey), true)).map(strip);
}

export async function insertAsset(asset: AssetRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: itemOf(asset),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Replaces the asset if it is still at current.version (two completes of one upload cannot both win). */
export async function replaceAsset(current: AssetRecord, next: AssetRecord): Promise<void> {
  const written = await conditionalWrite(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: itemOf(next),
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': current.version },
      }),
    ),
  );
  if (!written) throw conflict('This upload was changed at the same time; try again');
}

/**
 * Marks files as referenced by a record, before that record is written: the sweeper may no longer delete them.
 * One that was swept meanwhile (no longer there) makes the record's write fail, as a missing file does.
 */
export async function claimAssets(ids: readonly string[]): Promise<void> {
  await Promise.all(
    ids.map(async (id) => {
      const claimed = await conditionalWrite(
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: assetKey(id),
            UpdateExpression: 'SET claimed = :yes REMOVE gsi2pk, gsi2sk',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':yes': true },
          }),
        ),
      );
      if (!claimed) throw badRequest('A referenced file is missing or not verified');
    }),
  );
}

/** Verified files still unclaimed whose check was before `cutoff` (ISO), oldest first. */
export async function unclaimedBefore(cutoff: string, limit: number): Promise<AssetRecord[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: INDEXES.gsi2.name,
      KeyConditionExpression: '#pk = :pk AND #sk < :cutoff',
      ExpressionAttributeNames: { '#pk': INDEXES.gsi2.partitionKey, '#sk': INDEXES.gsi2.sortKey },
      ExpressionAttributeValues: { ':pk': UNCLAIMED_ASSETS, ':cutoff': cutoff },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(strip);
}

/** Deletes a file's record unless a record claimed it meanwhile; true when it was deleted. */
export async function deleteUnclaimedAsset(id: string): Promise<boolean> {
  return conditionalWrite(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: assetKey(id),
        ConditionExpression: 'attribute_exists(gsi2pk) AND attribute_not_exists(claimed)',
      }),
    ),
  );
}
