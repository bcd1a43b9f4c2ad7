/** DynamoDB access for assets (uploaded files). */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FileType, UploadPurpose } from '../../shared/constants';
import { assetKey, assetsByCreatedAt } from '../lib/db/asset-keys';
import { db, isConditionFailure, tableName } from '../lib/db/client';
import { batchGet } from '../lib/db/records';
import { conflict } from '../lib/errors';

export type AssetStatus = 'pending' | 'verified' | 'rejected' | 'aborted';

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
}

const strip = (item: Record<string, unknown>): AssetRecord => {
  const { pk: _pk, sk: _sk, gsi1pk: _1, gsi1sk: _2, ...asset } = item;
  return asset as unknown as AssetRecord;
};

export async function getAsset(id: string): Promise<AssetRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: assetKey(id), ConsistentRead: true }));
  return out.Item ? strip(out.Item) : undefined;
}

export async function getAssets(ids: readonly string[]): Promise<AssetRecord[]> {
  return (await batchGet(ids.map(assetKey), true)).map(strip);
}

export async function insertAsset(asset: AssetRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...assetKey(asset._id), ...assetsByCreatedAt(asset.createdAt, asset._id), ...asset },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Replaces the asset if it is still at current.version (two completes of one upload cannot both win). */
export async function replaceAsset(current: AssetRecord, next: AssetRecord): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...assetKey(next._id), ...assetsByCreatedAt(next.createdAt, next._id), ...next },
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': current.version },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This upload was changed at the same time; try again');
    throw error;
  }
}
