/**
 * Where each file is used ("Used in", and Remove refused while used): one item a file and record item that
 * references it, `ASSETUSE#<asset id>` / `<record pk>|<record sk>`, holding the record's kind, id and how it uses
 * the file. The `media-uses` Lambda keeps them from the table's stream, from each change's old and new images,
 * whatever wrote the change: an editor's save, the trash and its restore, the purge, a sweeper, a migration. So
 * no save path has to remember to write them, and a record in the trash still counts (its restore needs the file).
 *
 * What references files, by item (USE_SOURCES): an article's row (its cover), its content and its waiting
 * changes (videos, their covers, gallery items, images in the rich text, by their address), an ad's images, a
 * category's image, the site's logo and favicon, an e-paper edition's PDF; and each of those items in its trash.
 * Revisions and autosaves are history, not uses: restoring one whose file was removed refers to a missing file,
 * which the save refuses as it refuses any missing file.
 */
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AssetUse, AssetUseKind } from '../../shared/schemas/asset';
import { db, tableName } from '../lib/db/client';
import { batchGet } from '../lib/db/reads';
import { assetKey } from './keys';

/**
 * A kind of item that references files: its key's shape and where in it the files are. The keys of articles, ads,
 * categories, editions and the site are spelled here rather than taken from their models: those resources import
 * this folder (references.ts), and functions/ folders import one another one way only
 * (tests/unit/import-graph.test.ts). tests/unit/asset-uses.test.ts reads items as those models store them.
 */
interface UseSource {
  kind: AssetUseKind;
  pkPrefix: string;
  /** The item's sort key; `TRASH` items of the same partition hold the record under `record`. */
  sk: string;
  files: (record: Record<string, unknown>) => [string, string][];
}

/** A reference's asset id: an id, or an object with one (`{_id, url}` as the site's files are kept). */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && /^[0-9A-HJKMNP-TV-Z]{26}$/.test(value)) return value;
  if (value && typeof value === 'object' && '_id' in value) return idOf((value as { _id: unknown })._id);
  return undefined;
}

const listOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object') : [];

/** Files the rich text shows by their address: `/media/<purpose>/<id>.<ext>` (the id lower-cased in the key). */
const MEDIA_ADDRESS = /\/media\/[a-z-]+\/([0-9a-hjkmnp-tv-z]{26})\.[a-z0-9]+/g;
function addressedFiles(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return [...text.matchAll(MEDIA_ADDRESS)].map((m) => (m[1] ?? '').toUpperCase());
}

/** An article's fields as its content or draft keeps them: videos (and their covers), gallery items, body images. */
function articleParts(fields: Record<string, unknown>): [string, string][] {
  const uses: [string, string][] = [];
  const push = (id: string | undefined, field: string) => {
    if (id) uses.push([id, field]);
  };
  push(idOf(fields.image), 'cover');
  for (const video of listOf(fields.videos)) {
    push(idOf(video.file), 'video');
    push(idOf(video.image), 'video cover');
  }
  for (const item of listOf(fields.gallery)) push(idOf(item.file), 'gallery');
  for (const id of addressedFiles(fields.body)) push(id, 'body');
  return uses;
}

export const USE_SOURCES: readonly UseSource[] = [
  {
    kind: 'article',
    pkPrefix: 'CMS#',
    sk: 'CMS',
    files: (r) => (idOf(r.image) ? [[idOf(r.image) as string, 'cover']] : []),
  },
  { kind: 'article', pkPrefix: 'CMS#', sk: 'CONTENT', files: articleParts },
  {
    kind: 'article',
    pkPrefix: 'CMS#',
    sk: 'DRAFT',
    files: (r) => articleParts((r.fields as Record<string, unknown> | undefined) ?? {}),
  },
  {
    kind: 'advertisement',
    pkPrefix: 'AD#',
    sk: 'AD',
    files: (r) =>
      listOf(r.images).flatMap((i) => (idOf(i.file) ? [[idOf(i.file) as string, 'image'] as [string, string]] : [])),
  },
  {
    kind: 'category',
    pkPrefix: 'CATEGORY#',
    sk: 'CATEGORY',
    files: (r) => (idOf(r.image) ? [[idOf(r.image) as string, 'image']] : []),
  },
  {
    kind: 'site',
    pkPrefix: 'SITE',
    sk: 'SITE',
    files: (r) =>
      [
        [idOf(r.siteLogo), 'logo'],
        [idOf(r.siteFavicon), 'favicon'],
      ].filter((u): u is [string, string] => u[0] !== undefined),
  },
  {
    kind: 'epaper',
    pkPrefix: 'EPAPER#',
    sk: 'EPAPER',
    files: (r) => (idOf(r.file) ? [[idOf(r.file) as string, 'file']] : []),
  },
];

const TRASH_SK = 'TRASH';

/** The source an item is, and whether it is the trashed copy of one (`record` holds what was live). */
export function fileSourceOf(key: { pk?: unknown; sk?: unknown }): UseSource | undefined {
  const pk = typeof key.pk === 'string' ? key.pk : '';
  const sk = typeof key.sk === 'string' ? key.sk : '';
  // A trashed record sits at `<ENTITY>#<id>` / TRASH: the live source of that partition's entity.
  if (sk === TRASH_SK)
    return USE_SOURCES.find((s) => pk.startsWith(s.pkPrefix) && s.sk === pk.slice(0, s.pkPrefix.length - 1));
  return USE_SOURCES.find((s) => pk.startsWith(s.pkPrefix) && s.sk === sk && (s.kind !== 'site' || pk === 'SITE'));
}

/** The record id of an item of a source: the part of its pk after the prefix ('site' for the settings). */
const recordIdOf = (source: UseSource, pk: string) =>
  source.kind === 'site' ? 'site' : pk.slice(source.pkPrefix.length);

/** The files an item uses, by asset id, with how (several ways of one file are joined: "cover, body"). */
export function filesOfItem(item: Record<string, unknown> | undefined): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  if (!item) return uses;
  const source = fileSourceOf(item);
  if (!source) return uses;
  const record = item.sk === TRASH_SK ? ((item.record as Record<string, unknown> | undefined) ?? {}) : item;
  for (const [id, field] of source.files(record)) {
    const fields = uses.get(id) ?? [];
    if (!fields.includes(field)) fields.push(field);
    uses.set(id, fields);
  }
  return uses;
}

export const USE_PREFIX = 'ASSETUSE#';
/** gsi1: uses as a cover of files that have no alt text, by file. */
export const COVERS_WITHOUT_ALT = 'ASSETUSE#NOALT';
const NO_ALT_LISTING = (assetId: string, item: { pk: string; sk: string }) => ({
  gsi1pk: COVERS_WITHOUT_ALT,
  gsi1sk: `${assetId}|${item.pk}|${item.sk}`,
});
export const assetUseKey = (assetId: string, item: { pk: string; sk: string }) => ({
  pk: `${USE_PREFIX}${assetId}`,
  sk: `${item.pk}|${item.sk}`,
});

/** One change of an item: its key and its images before and after (either absent for an insert or a removal). */
export interface ItemChange {
  key: { pk: string; sk: string };
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

const hasAlt = async (assetId: string) => {
  const [asset] = await batchGet([assetKey(assetId)], true);
  return typeof asset?.alt === 'string' && asset.alt !== '';
};

/**
 * When a file gets alt text (or loses it), its uses as a cover leave (or join) the list of covers without alt:
 * one write a cover use, however many uses the file has otherwise.
 */
export async function relistCovers(assetId: string, withoutAlt: boolean): Promise<void> {
  for (const use of await storedUses(assetId)) {
    if (!use.fields.includes('cover')) continue;
    const [pk, sk] = use.source.split('|') as [string, string];
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: assetUseKey(assetId, { pk, sk }),
          ...(withoutAlt
            ? {
                UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
                ExpressionAttributeValues: {
                  ':pk': COVERS_WITHOUT_ALT,
                  ':sk': NO_ALT_LISTING(assetId, { pk, sk }).gsi1sk,
                },
              }
            : { UpdateExpression: 'REMOVE gsi1pk, gsi1sk' }),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      )
      .catch((error: unknown) => {
        // A use the stream deleted meanwhile: nothing to list.
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      });
  }
}

/** Brings the uses of one changed item up to date: what it uses now is put, what it no longer uses deleted. */
export async function syncUses(change: ItemChange): Promise<{ put: number; deleted: number }> {
  return { put: await putUses(change), deleted: await dropUses(change) };
}

/**
 * Brings the uses of several changes up to date, in stream order: one net change an item (its first old image, its
 * last new one), every put before any delete. A record moving to the trash is two changes (its live item
 * removed, its trashed copy inserted): so its files are never left with no use in between, when a Remove could
 * take them.
 */
export async function syncAllUses(changes: readonly ItemChange[]): Promise<void> {
  const net = new Map<string, ItemChange>();
  for (const change of changes) {
    const id = `${change.key.pk}|${change.key.sk}`;
    const first = net.get(id);
    net.set(id, first ? { ...first, after: change.after } : change);
  }
  for (const change of net.values()) await putUses(change);
  for (const change of net.values()) await dropUses(change);
}

/** Puts the uses an item has after its change that it did not have before (or had in other ways). */
async function putUses(change: ItemChange): Promise<number> {
  const source = fileSourceOf(change.key);
  if (!source) return 0;
  const before = filesOfItem(change.before);
  const after = filesOfItem(change.after);
  const recordId = recordIdOf(source, change.key.pk);
  const trashed = change.key.sk === TRASH_SK;
  let put = 0;
  for (const [assetId, fields] of after) {
    if (before.get(assetId)?.join() === fields.join()) continue;
    // A cover whose file has no alt text is listed (gsi1) for the library's "Covers without alt text"; the
    // library takes it off the list when the file gets its alt text (coverListing).
    const listed = fields.includes('cover') && !(await hasAlt(assetId)) ? NO_ALT_LISTING(assetId, change.key) : {};
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...assetUseKey(assetId, change.key), kind: source.kind, recordId, fields, trashed, ...listed },
      }),
    );
    put++;
  }
  return put;
}

/** Deletes the uses an item had before its change and has no more. */
async function dropUses(change: ItemChange): Promise<number> {
  if (!fileSourceOf(change.key)) return 0;
  const after = filesOfItem(change.after);
  let deleted = 0;
  for (const assetId of filesOfItem(change.before).keys()) {
    if (after.has(assetId)) continue;
    await db().send(new DeleteCommand({ TableName: tableName(), Key: assetUseKey(assetId, change.key) }));
    deleted++;
  }
  return deleted;
}

interface StoredUse {
  kind: AssetUseKind;
  recordId: string;
  fields: string[];
  trashed?: boolean;
  /** The using item's key, `<pk>|<sk>` (the use's own sort key). */
  source: string;
}

/** Every stored use of a file (strongly consistent: a Remove reads it). */
export async function storedUses(assetId: string): Promise<StoredUse[]> {
  const uses: StoredUse[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `${USE_PREFIX}${assetId}` },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    uses.push(
      ...(out.Items ?? []).map((item) => ({ ...(item as Omit<StoredUse, 'source'>), source: String(item.sk) })),
    );
    start = out.LastEvaluatedKey;
  } while (start);
  return uses;
}

/**
 * Whether a file is some record's cover now: a use the stream has listed, or a claimed item (model.ts coverClaim)
 * that holds it as its cover, read at once, whether or not the stream has caught up with that save.
 */
export async function usedAsCover(assetId: string, claims: Iterable<string> = []): Promise<boolean> {
  const keys = [...claims].flatMap((claim) => {
    const [pk, sk] = claim.split('|');
    return pk && sk ? [{ pk, sk }] : [];
  });
  const [stored, claimed] = await Promise.all([storedUses(assetId), keys.length ? batchGet(keys, true) : []]);
  return (
    stored.some((use) => use.fields.includes('cover')) ||
    claimed.some((item) => filesOfItem(item).get(assetId)?.includes('cover'))
  );
}

/** Where a record of each kind is read for its title: its live item, or its trashed one. */
const TITLE_KEYS: Record<AssetUseKind, (id: string) => { pk: string; sk: string }> = {
  article: (id) => ({ pk: `CMS#${id}`, sk: 'CMS' }),
  advertisement: (id) => ({ pk: `AD#${id}`, sk: 'AD' }),
  category: (id) => ({ pk: `CATEGORY#${id}`, sk: 'CATEGORY' }),
  site: () => ({ pk: 'SITE', sk: 'SITE' }),
  epaper: (id) => ({ pk: `EPAPER#${id}`, sk: 'EPAPER' }),
};

const titleOf = (kind: AssetUseKind, item: Record<string, unknown> | undefined): string => {
  const record = item?.sk === TRASH_SK ? ((item.record as Record<string, unknown> | undefined) ?? {}) : (item ?? {});
  if (kind === 'site') return 'Site settings';
  const text = [record.title, record.name, record.date].find((v) => typeof v === 'string' && v !== '');
  return typeof text === 'string' ? text : '(untitled)';
};

/** A file's uses as the library shows them: one a record (its items' ways joined), titled as the record is now. */
export async function usesOf(assetId: string): Promise<AssetUse[]> {
  return (await titledUses(new Map([[assetId, await storedUses(assetId)]]))).get(assetId) ?? [];
}

/** Stored uses of several files as the library shows them, the records' titles read in one batch. */
export async function titledUses(byFile: ReadonlyMap<string, StoredUse[]>): Promise<Map<string, AssetUse[]>> {
  const records = new Map([...byFile].map(([assetId, stored]) => [assetId, usesByRecord(stored)]));
  const keys = [...records.values()].flat().flatMap((r) => {
    const live = TITLE_KEYS[r.kind](r.recordId);
    return [live, { pk: live.pk, sk: TRASH_SK }];
  });
  const unique = [...new Map(keys.map((k) => [`${k.pk}|${k.sk}`, k])).values()];
  const items = unique.length ? await batchGet(unique, true) : [];
  const found = new Map(items.map((i) => [`${i.pk}|${i.sk}`, i]));
  const titled = (r: StoredUse): AssetUse => {
    const live = TITLE_KEYS[r.kind](r.recordId);
    const liveItem = found.get(`${live.pk}|${live.sk}`);
    const item = liveItem ?? found.get(`${live.pk}|${TRASH_SK}`);
    return {
      kind: r.kind,
      id: r.recordId,
      title: titleOf(r.kind, item),
      field: r.fields.join(', '),
      ...(liveItem ? {} : { trashed: true }),
    };
  };
  return new Map([...records].map(([assetId, uses]) => [assetId, uses.map(titled)]));
}

/** One use a record: the ways its items use the file joined, in the trash only if all of them are. */
function usesByRecord(stored: readonly StoredUse[]): StoredUse[] {
  const byRecord = new Map<string, StoredUse>();
  for (const use of stored) {
    const id = `${use.kind}#${use.recordId}`;
    const seen = byRecord.get(id);
    if (!seen) byRecord.set(id, { ...use, fields: [...use.fields] });
    else {
      for (const f of use.fields) if (!seen.fields.includes(f)) seen.fields.push(f);
      seen.trashed = seen.trashed && use.trashed;
    }
  }
  return [...byRecord.values()];
}

/**
 * Files used as a cover while they have no alt text, with those cover uses, from up to `max` listed uses (gsi1, by
 * file): the listing's own items are the uses, so nothing is read a file at a time.
 */
export async function coverUsesWithoutAlt(max: number): Promise<Map<string, StoredUse[]>> {
  const byFile = new Map<string, StoredUse[]>();
  let start: Record<string, unknown> | undefined;
  let read = 0;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': COVERS_WITHOUT_ALT },
        ExclusiveStartKey: start,
        Limit: Math.min(200, max - read),
      }),
    );
    for (const item of out.Items ?? []) {
      const assetId = String(item.gsi1sk).split('|')[0] ?? '';
      if (!assetId) continue;
      const use = { ...(item as Omit<StoredUse, 'source'>), source: String(item.sk) };
      byFile.set(assetId, [...(byFile.get(assetId) ?? []), use]);
    }
    read += out.Items?.length ?? 0;
    start = out.LastEvaluatedKey;
  } while (start && read < max);
  return byFile;
}
