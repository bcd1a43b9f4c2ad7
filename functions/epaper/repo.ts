/** DynamoDB access for e-paper editions. */
import type { SeoView } from '../../shared/schemas/common';
import type { EpaperStatus } from '../../shared/schemas/epaper';
import { type NameReferences, nameReferenceWrites } from '../lib/db/copies';
import { counterUpdate, readCounter } from '../lib/db/counters';
import { countedPage, type ItemFilter, queryFiltered } from '../lib/db/paging';
import { getRecord, putUnique, withoutKeys } from '../lib/db/records';
import { searchable } from '../lib/text';
import { recordsIn } from '../search/backfill';
import { searchByKey } from '../search/query';
import { type IndexedCollection, insertIndexed, replaceIndexed } from '../search/writes';
import {
  EPAPER_ENTITY,
  EPAPERS_BY_DATE,
  EPAPERS_PARTITION,
  epaperKey,
  epaperNameKey,
  epaperSlugKey,
  epapersByCreatedAt,
  epapersByPublishDate,
  epapersNaming,
} from './keys';

export interface EpaperRecord {
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
  version: number;
  /** How much of it the title index holds, under which terms (IndexedRecord). */
  searchIndexed?: boolean | number;
  searchIndexVersion?: number;
  /** Whether its name reference is written (EPAPER_NAMES; editions from before it wait for the backfill). */
  namesListed?: boolean;
}

export const SLUG_TAKEN = 'An edition with this URL already exists';

/** The stored item, list keys included. */
export const epaperItem = (e: EpaperRecord) => ({
  ...epaperKey(e._id),
  ...epapersByCreatedAt(e.createdAt, e._id),
  ...epapersByPublishDate(e.publishDate, e._id),
  ...e,
});

/** Editions in the title index: postings hold what the search filters on; a page's editions are read by key. */
export const EPAPERS_INDEXED: IndexedCollection<EpaperRecord> = {
  name: EPAPER_ENTITY,
  itemOf: epaperItem,
  entryOf: (e) => ({
    id: e._id,
    createdAt: e.createdAt,
    title: e.title,
    fields: { _id: e._id, searchTitle: searchable(e.title), publishDate: e.publishDate },
  }),
};

/** What the index backfill walks: every edition once. */
export const EPAPERS_BACKFILL = recordsIn(EPAPERS_INDEXED, EPAPERS_PARTITION, epaperKey);

/**
 * The record whose name an edition copies (whoever added it), listed by a name reference (lib/db/copies.ts) so
 * that a user's rename reads only their editions; moved by every write of the edition.
 */
export const EPAPER_NAMES: NameReferences<EpaperRecord> = {
  namedBy: (e) => (e.user ? [{ kind: 'user', id: e.user }] : []),
  partition: epapersNaming,
  key: epaperNameKey,
  rowKeyOf: (reference) => epaperKey(String(reference.sk)),
};

export const getEpaper = (id: string) => getRecord<EpaperRecord>(epaperKey(id), true);

/** How many editions exist (the list's counter). */
export const countEpapers = () => readCounter(EPAPER_ENTITY);

export const listEpapers = (page: number, limit: number) =>
  countedPage<EpaperRecord>({ ...EPAPERS_PARTITION, counter: EPAPER_ENTITY }, page, limit);

/** Editions published within [from, to] (the date filter), newest first, with their exact number. */
export async function listEpapersPublishedBetween(from: string, to: string, page: number, limit: number) {
  const { list, total } = await queryFiltered<Record<string, unknown>>({ ...EPAPERS_BY_DATE, from, to }, page, limit);
  return { list: list.map((i) => withoutKeys<EpaperRecord>(i)), total };
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
  return searchByKey<EpaperRecord>({ collection: EPAPER_ENTITY, words, filters: published, page, limit }, epaperKey);
}

export const insertEpaper = (e: EpaperRecord) => {
  const listed: EpaperRecord = { ...e, namesListed: true };
  return insertIndexed(
    EPAPERS_INDEXED,
    listed,
    [
      putUnique({ ...epaperSlugKey(e.slug), epaperId: e._id }),
      counterUpdate(EPAPER_ENTITY, 'ALL', 1),
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
