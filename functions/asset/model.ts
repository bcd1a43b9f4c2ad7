/**
 * Uploaded files (assets), as stored: one item a file (`ASSET#<id>` / `ASSET`), listed newest first in gsi1 (a media
 * library later) and, while verified and not yet referenced by any record, in the sparse gsi2 partition
 * `ASSET#UNCLAIMED` by the time of its check, oldest first. A record's save claims its files (`claimed`, out of
 * gsi2); the media sweeper deletes what is still unclaimed a day after its check. No list counter: nothing reads a
 * total of assets, so a new file is put alone (insertAsset, never `assetModel.insert`, which would count it).
 */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type FileType, MEDIA_LIBRARY, type UploadPurpose } from '../../shared/constants';
import type { FocalPoint } from '../../shared/renditions';
import type { AssetKind, AssetStatus } from '../../shared/schemas/asset';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { defineEntity } from '../lib/db/entity';
import { batchGet, putOne, type TransactItem, updateItem, updateOne } from '../lib/db/records';
import { INDEXES } from '../lib/db/table';
import { badRequest, conflict } from '../lib/errors';
import { searchable } from '../lib/text';
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
  /** Raster images: pixels after the EXIF orientation, read when the upload is checked. */
  width?: number;
  height?: number;
  alt?: string;
  caption?: string;
  credit?: string;
  /** Where crops are cut around; the centre when unset. */
  focal?: FocalPoint;
  /** Set when the untouched upload was kept under originals/ (raster images checked since originals were kept apart). */
  originalKept?: boolean;
  /** When Remove was asked (status 'removed'): the media sweeper deletes the bytes after a grace period. */
  removedAt?: string;
  /**
   * The record items (`<pk>|<sk>`) whose saves made the picture their cover on the strength of its alt text
   * (coverClaim), and how many such claims were ever made: what an edit emptying the alt text checks at once,
   * before the table stream has listed the use.
   */
  coverClaims?: Set<string>;
  coverClaimCount?: number;
}

/** The media library's kind of a file, from its checked type. */
export function kindOf(contentType: string): AssetKind {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType === 'application/pdf') return 'pdf';
  return 'document';
}

/** What the library's text search compares: name, alt text, caption and credit, folded as every list search is. */
export const assetSearchText = (asset: Pick<AssetRecord, 'name' | 'alt' | 'caption' | 'credit'>) =>
  searchable([asset.name, asset.alt, asset.caption, asset.credit].filter(Boolean).join(' \n '));

/**
 * Editor images are referenced by their URL inside rich text, which no claim follows: they are never swept.
 * Every other purpose is referenced through requireVerifiedFiles (references.ts), which claims.
 */
const sweepable = (asset: AssetRecord) =>
  asset.status === 'verified' && !asset.claimed && asset.purpose !== 'editor-image';
const inLibrary = (asset: AssetRecord) => asset.status === 'verified';

/** The sweeper's two queues in gsi2: files no record claimed, and files removed from the library. */
const SWEEP_QUEUE = { unclaimed: 'UNCLAIMED', removed: 'REMOVED' } as const;

export const assetModel = /* @__PURE__ */ defineEntity<AssetRecord>({
  name: ASSET_ENTITY,
  indexes: {
    gsi1: { partition: 'ASSET', sortBy: (a) => a.createdAt },
    // Sorted by the check's time (a verified file's last update is its check) or by the removal's.
    gsi2: {
      partition: (queue) => `ASSET#${queue}`,
      by: (a) => (a.status === 'removed' ? SWEEP_QUEUE.removed : SWEEP_QUEUE.unclaimed),
      sortBy: (a) => a.removedAt ?? a.updatedAt,
      when: (a) => sweepable(a) || a.status === 'removed',
    },
    // The library's type and uploader filters: checked files only, newest first.
    gsi3: {
      partition: (kind) => `ASSETKIND#${kind}`,
      by: (a) => kindOf(a.contentType),
      sortBy: (a) => a.createdAt,
      when: inLibrary,
    },
    gsi4: { partition: (owner) => `ASSETBY#${owner}`, by: (a) => a.owner, sortBy: (a) => a.createdAt, when: inLibrary },
  },
  takenMessage: 'This upload already exists',
});

/** The stored item of an asset: the record, its index keys and its folded search text. */
export const assetItem = (asset: AssetRecord) => ({ ...assetModel.itemOf(asset), searchText: assetSearchText(asset) });

const UNCLAIMED = INDEXES.gsi2;

export const getAsset = (id: string) => assetModel.get(id, true);

export async function getAssets(ids: readonly string[]): Promise<AssetRecord[]> {
  return (await batchGet(ids.map(assetModel.key), true)).map(assetModel.recordOf);
}

export async function insertAsset(asset: AssetRecord): Promise<void> {
  await putOne(assetItem(asset), { ConditionExpression: 'attribute_not_exists(pk)' });
}

/**
 * Replaces the asset if it is still as `current` was read, its version and its cover claims (two completes of one
 * upload, or two edits, cannot both win): 409 with `message` otherwise.
 */
export async function replaceAsset(
  current: AssetRecord,
  next: AssetRecord,
  message = 'This upload was changed at the same time; try again',
): Promise<void> {
  const written = await conditionalWrite(putOne(assetItem(next), unchangedSince(current)));
  if (!written) throw conflict(message);
}

/**
 * The condition of a Put over a file as it was read: the same version, and the same cover claims. A claim does not
 * move the version (the file's details did not change), so without the second part a Put would drop a claim that
 * landed in between.
 */
export function unchangedSince(read: AssetRecord) {
  const claims = read.coverClaimCount ?? 0;
  return {
    ConditionExpression: `#version = :expected AND ${claims > 0 ? 'coverClaimCount = :claims' : 'attribute_not_exists(coverClaimCount)'}`,
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':expected': read.version, ...(claims > 0 ? { ':claims': claims } : {}) },
  };
}

/**
 * A save's claim on the picture it makes its cover on the strength of the picture's alt text, written in the
 * save's own transaction: only while the file is in the library with alt text (else the save fails), the item
 * that holds the cover (`<pk>|<sk>`) added to `coverClaims`. An edit emptying the alt text (library.ts) reads the
 * claims with the file and checks each item at once, and its write wants the claim count it read: whichever of
 * the two lands second fails, however far behind the stream's list of uses is.
 */
export const coverClaim = (assetId: string, item: { pk: string; sk: string }): TransactItem =>
  updateItem(assetModel.key(assetId), {
    UpdateExpression: 'ADD coverClaims :item, coverClaimCount :one',
    ConditionExpression: 'attribute_exists(alt) AND #status = :verified',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':item': new Set([`${item.pk}|${item.sk}`]), ':one': 1, ':verified': 'verified' },
  });

/** Whether a transaction's failed item is a cover claim (the picture lost its alt text or left the library). */
export const isCoverClaim = (item: TransactItem | undefined): boolean =>
  item?.Update?.UpdateExpression?.startsWith('ADD coverClaims') === true;

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

/** The files of one of the sweeper's queues (gsi2) queued before `cutoff` (ISO), oldest first. */
async function queuedBefore(queue: string, cutoff: string, limit: number): Promise<AssetRecord[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: UNCLAIMED.name,
      KeyConditionExpression: '#pk = :pk AND #sk < :cutoff',
      ExpressionAttributeNames: { '#pk': UNCLAIMED.partitionKey, '#sk': UNCLAIMED.sortKey },
      ExpressionAttributeValues: { ':pk': assetModel.listing('gsi2', queue).partition, ':cutoff': cutoff },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(assetModel.recordOf);
}

/** Verified files still unclaimed whose check was before `cutoff` (ISO), oldest first. */
export const unclaimedBefore = (cutoff: string, limit: number) => queuedBefore(SWEEP_QUEUE.unclaimed, cutoff, limit);

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

/** Files removed from the library before `cutoff` (ISO), oldest first: the sweeper's second queue. */
export const removedBefore = (cutoff: string, limit: number) => queuedBefore(SWEEP_QUEUE.removed, cutoff, limit);

/** Deletes a removed file's record if it is still removed at `version`; true when it was deleted. */
export async function deleteRemovedAsset(asset: AssetRecord): Promise<boolean> {
  return conditionalWrite(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: assetModel.key(asset._id),
        ConditionExpression: '#status = :removed AND #version = :version',
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: { ':removed': 'removed', ':version': asset.version },
      }),
    ),
  );
}

/** What the library reads: one index partition, newest first, a sort-key range, from a cursor. */
export interface LibraryRead {
  index: 'gsi1' | 'gsi3' | 'gsi4';
  value?: string;
  /** Sort-key bounds (ISO instants, inclusive). */
  from?: string;
  to?: string;
  /** The sort key to read on from (exclusive): the last one a previous page read. */
  after?: string;
  accept: (asset: AssetRecord & { searchText?: string }) => boolean;
  limit: number;
}

/**
 * One page of the library: reads pages of the partition, keeps what `accept` passes, and stops when the page is full
 * or MEDIA_LIBRARY.searchReadBudget items were read (a search that matches little is answered in parts, each at a
 * bounded cost, never by reading the whole library at once). `next` is the sort key the next read starts after.
 */
export async function readLibrary(
  read: LibraryRead,
): Promise<{ list: AssetRecord[]; next?: string; partial: boolean }> {
  const index = INDEXES[read.index];
  const names: Record<string, string> = { '#pk': index.partitionKey };
  const values: Record<string, unknown> = { ':pk': assetModel.listing(read.index, read.value).partition };
  const upper = [read.after, read.to ? `${read.to}~` : undefined].filter((v): v is string => v !== undefined).sort()[0];
  const conditions = ['#pk = :pk'];
  if (upper !== undefined || read.from !== undefined) names['#sk'] = index.sortKey;
  if (upper !== undefined && read.from !== undefined) {
    conditions.push('#sk BETWEEN :from AND :upper');
    values[':from'] = read.from;
    values[':upper'] = upper;
  } else if (upper !== undefined) {
    conditions.push('#sk < :upper');
    values[':upper'] = upper;
  } else if (read.from !== undefined) {
    conditions.push('#sk >= :from');
    values[':from'] = read.from;
  }
  const list: AssetRecord[] = [];
  let scanned = 0;
  let lastKey: Record<string, unknown> | undefined;
  let lastSort: string | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.name,
        KeyConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        ExclusiveStartKey: lastKey,
        Limit: Math.min(MEDIA_LIBRARY.searchReadBudget - scanned, 200),
      }),
    );
    for (const item of out.Items ?? []) {
      scanned++;
      lastSort = item[index.sortKey] as string;
      const record = assetModel.recordOf(item) as AssetRecord & { searchText?: string };
      if (read.accept(record)) {
        const { searchText: _folded, ...shown } = record;
        list.push(shown);
        if (list.length === read.limit) return { list, next: lastSort, partial: false };
      }
    }
    lastKey = out.LastEvaluatedKey;
  } while (lastKey && scanned < MEDIA_LIBRARY.searchReadBudget);
  return lastKey ? { list, next: lastSort, partial: true } : { list, partial: false };
}
