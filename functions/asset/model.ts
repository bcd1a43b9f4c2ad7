/**
 * Uploaded files (assets), as stored: one item a file (`ASSET#<id>` / `ASSET`), listed newest first in gsi1 (a media
 * library later) and, while verified and not yet referenced by any record, in the sparse gsi2 partition
 * `ASSET#UNCLAIMED` by the time of its check, oldest first. A record's save claims its files (`claimed`, out of
 * gsi2); the media sweeper deletes what is still unclaimed a day after its check. No list counter: nothing reads a
 * total of assets, so a new file is put alone (insertAsset, never `assetModel.insert`, which would count it).
 */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FileType, UploadPurpose } from '../../shared/constants';
import type { AssetStatus } from '../../shared/schemas/asset';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { defineEntity } from '../lib/db/entity';
import { batchGet, putOne, updateOne } from '../lib/db/records';
import { INDEXES } from '../lib/db/table';
import { badRequest, conflict } from '../lib/errors';
import { ASSET_ENTITY } from './keys';

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

/**
 * Editor images are referenced by their URL inside rich text, which no claim follows: they are never swept.
 * Every other purpose is referenced through requireVerifiedFiles (references.ts), which claims.
 */
const sweepable = (asset: AssetRecord) =>
  asset.status === 'verified' && !asset.claimed && asset.purpose !== 'editor-image';

export const assetModel = /* @__PURE__ */ defineEntity<AssetRecord>({
  name: ASSET_ENTITY,
  indexes: {
    gsi1: { partition: 'ASSET', sortBy: (a) => a.createdAt },
    // Sorted by the check's time: a verified file's last update is its check.
    gsi2: { partition: 'ASSET#UNCLAIMED', sortBy: (a) => a.updatedAt, when: sweepable },
  },
  takenMessage: 'This upload already exists',
});

const UNCLAIMED = INDEXES.gsi2;

export const getAsset = (id: string) => assetModel.get(id, true);

export async function getAssets(ids: readonly string[]): Promise<AssetRecord[]> {
  return (await batchGet(ids.map(assetModel.key), true)).map(assetModel.recordOf);
}

export async function insertAsset(asset: AssetRecord): Promise<void> {
  await putOne(assetModel.itemOf(asset), { ConditionExpression: 'attribute_not_exists(pk)' });
}

/** Replaces the asset if it is still at current.version (two completes of one upload cannot both win). */
export async function replaceAsset(current: AssetRecord, next: AssetRecord): Promise<void> {
  const written = await conditionalWrite(
    putOne(assetModel.itemOf(next), {
      ConditionExpression: '#version = :expected',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':expected': current.version },
    }),
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
        updateOne(assetModel.key(id), {
          UpdateExpression: 'SET claimed = :yes REMOVE #unclaimedPk, #unclaimedSk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#unclaimedPk': UNCLAIMED.partitionKey, '#unclaimedSk': UNCLAIMED.sortKey },
          ExpressionAttributeValues: { ':yes': true },
        }),
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
      IndexName: UNCLAIMED.name,
      KeyConditionExpression: '#pk = :pk AND #sk < :cutoff',
      ExpressionAttributeNames: { '#pk': UNCLAIMED.partitionKey, '#sk': UNCLAIMED.sortKey },
      ExpressionAttributeValues: { ':pk': assetModel.listing('gsi2').partition, ':cutoff': cutoff },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(assetModel.recordOf);
}

/** Deletes a file's record unless a record claimed it meanwhile; true when it was deleted. */
export async function deleteUnclaimedAsset(id: string): Promise<boolean> {
  return conditionalWrite(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: assetModel.key(id),
        ConditionExpression: 'attribute_exists(#unclaimedPk) AND attribute_not_exists(claimed)',
        ExpressionAttributeNames: { '#unclaimedPk': UNCLAIMED.partitionKey },
      }),
    ),
  );
}
