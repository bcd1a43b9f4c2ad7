/** DynamoDB access for assets (uploaded files). */
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FileType, UploadPurpose } from '../../shared/constants';
import { assetKey, assetsByCreatedAt } from '../lib/db/asset-keys';
import { db, isConditionFailure, tableName } from '../lib/db/client';
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
  const found: AssetRecord[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map(assetKey);
    for (let attempt = 0; keys && keys.length > 0 && attempt < 5; attempt++) {
      const out: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } } }),
      );
      found.push(...((out.Responses?.[tableName()] ?? []) as Record<string, unknown>[]).map(strip));
      keys = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
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
