/**
 * E-paper editions, as stored: one item an edition (`EPAPER#<id>` / `EPAPER`), listed newest first in gsi1 and by
 * publish date in gsi2 (the date filter), counted in `COUNT#EPAPER`; its slug's unique item (`EPSLUG#`, under its
 * look-alike key); its title in the title index (collection `EPAPER`); and its name reference (`EPNAME#`), which a
 * user's rename reads. In the trash: out of the lists, the counter, the date index and the title index; its URL
 * stays taken until it is deleted for good.
 */
import type { SeoView } from '../../shared/schemas/common';
import type { EpaperStatus } from '../../shared/schemas/epaper';
import { type Named, type NameReferences, nameReferenceWrites } from '../lib/db/copies';
import { readCounter } from '../lib/db/counters';
import { defineEntity } from '../lib/db/entity';
import { type ItemFilter, queryFiltered } from '../lib/db/paging';
import { deleteItem, putUnique } from '../lib/db/records';
import { lookalikeKey } from '../lib/lookalike';
import { searchable } from '../lib/text';
import { recordsIn } from '../search/backfill';
import { searchByKey } from '../search/query';
import { type IndexedCollection, type IndexedRecord, insertIndexed, replaceIndexed } from '../search/writes';
import { reclaimUnique } from '../trash/model';
import { trashableEntity } from '../trash/trashable';

export interface EpaperRecord extends IndexedRecord {
  _id: string;
  title: string;
  slug: string;
  status: EpaperStatus;
  seo: SeoView;
  /** The verified PDF (asset id). */
  file: string;
  publishDate: string;
  /** Who added it (Edit:own), and their name as of the last save. */
  user: string;
  userName: string;
  createdAt: string;
  updatedAt: string;
  /** Whether its name reference is written (EPAPER_NAMES; editions from before it wait for the backfill). */
  namesListed?: boolean;
}

export const EPAPER_NOT_FOUND = 'No such edition';
export const SLUG_TAKEN = 'An edition with this URL already exists';

export const epaperModel = /* @__PURE__ */ defineEntity<EpaperRecord>({
  name: 'EPAPER',
  indexes: {
    gsi1: { partition: 'EPAPER', sortBy: (e) => e.createdAt },
    gsi2: { partition: 'EPAPER#DATE', sortBy: (e) => e.publishDate },
  },
  takenMessage: SLUG_TAKEN,
});

/** One item per slug, under its look-alike key (lib/lookalike.ts): editions' URLs are unique. */
export const epaperSlugKey = (slug: string) => ({ pk: `EPSLUG#${lookalikeKey(slug)}`, sk: 'EPSLUG' });
/** The slug item's key before look-alike keys: only the migration that moves it reads it (lib/db/unique-keys.ts). */
export const legacyEpaperSlugKey = (slug: string) => ({ pk: `EPSLUG#${slug}`, sk: 'EPSLUG' });

/** Editions in the title index: postings hold what the search filters on; a page's editions are read by key. */
export const EPAPERS_INDEXED: IndexedCollection<EpaperRecord> = {
  name: epaperModel.name,
  itemOf: epaperModel.itemOf,
  entryOf: (e) => ({
    id: e._id,
    createdAt: e.createdAt,
    title: e.title,
    fields: { _id: e._id, searchTitle: searchable(e.title), publishDate: e.publishDate },
  }),
};

/** What the index backfill walks: every edition once. */
export const EPAPERS_BACKFILL = /* @__PURE__ */ recordsIn(
  EPAPERS_INDEXED,
  epaperModel.listing('gsi1'),
  epaperModel.key,
);

/**
 * Name references (lib/db/copies.ts): the editions that copy a user's name (whoever added them), one item per
 * edition in a partition of that user, written in the edition's transaction, so that a user's rename reads only
 * their editions.
 */
const epapersNaming = (named: Named) => ({
  index: 'table' as const,
  partition: `EPNAME#${named.kind.toUpperCase()}#${named.id}`,
});
export const EPAPER_NAMES: NameReferences<EpaperRecord> = {
  namedBy: (e) => (e.user ? [{ kind: 'user', id: e.user }] : []),
  partition: epapersNaming,
  key: (named, epaperId) => ({ pk: epapersNaming(named).partition, sk: epaperId }),
  rowKeyOf: (reference) => epaperModel.key(String(reference.sk)),
};

/** How many editions exist (the list's counter). */
export const countEpapers = () => readCounter(epaperModel.name);

/** Editions published within [from, to] (the date filter), newest first, with their exact number. */
export async function listEpapersPublishedBetween(from: string, to: string, page: number, limit: number) {
  const range = { ...epaperModel.listing('gsi2'), from, to };
  const { list, total } = await queryFiltered<Record<string, unknown>>(range, page, limit);
  return { list: list.map(epaperModel.recordOf), total };
}

/** Editions whose title holds the words, newest first, published within [from, to] when given. */
export function searchEpapers(
  words: readonly string[],
  range: { from: string; to: string } | undefined,
  page: number,
  limit: number,
) {
  const published: ItemFilter[] = range
    ? [
        {
          expression: '#published BETWEEN :publishedFrom AND :publishedTo',
          names: { '#published': 'publishDate' },
          values: { ':publishedFrom': range.from, ':publishedTo': range.to },
        },
      ]
    : [];
  return searchByKey<EpaperRecord>(
    { collection: epaperModel.name, words, filters: published, page, limit },
    epaperModel.key,
  );
}

export const insertEpaper = (e: EpaperRecord) => {
  const listed: EpaperRecord = { ...e, namesListed: true };
  return insertIndexed(
    EPAPERS_INDEXED,
    listed,
    [
      putUnique({ ...epaperSlugKey(e.slug), epaperId: e._id }),
      epaperModel.counted(1),
      ...nameReferenceWrites(EPAPER_NAMES, undefined, listed),
    ],
    SLUG_TAKEN,
  );
};

/** Replaces `current` by `next` at the version read (409 when stale); returns what was stored. */
export const replaceEpaper = (current: EpaperRecord, next: EpaperRecord) => {
  const listed: EpaperRecord = { ...next, namesListed: true };
  return replaceIndexed(EPAPERS_INDEXED, current, listed, nameReferenceWrites(EPAPER_NAMES, current, listed));
};

export const EPAPER_TRASH = /* @__PURE__ */ trashableEntity(epaperModel, {
  auditType: 'epaper',
  ownership: { resource: 'Epaper', ownerOf: (e) => e.user, noun: 'e-paper editions' },
  notFoundMessage: EPAPER_NOT_FOUND,
  indexed: EPAPERS_INDEXED,
  titleOf: (e) => e.title,
  restored: (e) => ({ ...e, namesListed: true }),
  returning: (e) => [
    reclaimUnique(epaperSlugKey(e.slug), { attribute: 'epaperId', id: e._id }, SLUG_TAKEN),
    // Its name reference stays while it is in the trash; put again, for one trashed before it existed.
    ...nameReferenceWrites(EPAPER_NAMES, undefined, e),
  ],
  purging: (e) => [deleteItem(epaperSlugKey(e.slug)), ...nameReferenceWrites(EPAPER_NAMES, e, undefined)],
});
