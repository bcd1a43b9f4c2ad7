/** DynamoDB access for e-paper editions. */
import type { SeoView } from '../../shared/schemas/common';
import type { EpaperStatus } from '../../shared/schemas/epaper';
import { countedPage, counterUpdate, queryFiltered, readCounter } from '../lib/db/paging';
import { getRecord, insertRecord, putUnique, replaceRecord, withoutKeys } from '../lib/db/records';
import {
  EPAPER_ENTITY,
  EPAPERS_BY_DATE,
  EPAPERS_PARTITION,
  epaperKey,
  epaperSlugKey,
  epapersByCreatedAt,
  epapersByPublishDate,
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
}

export const SLUG_TAKEN = 'An edition with this URL already exists';

const item = (e: EpaperRecord) => ({
  ...epaperKey(e._id),
  ...epapersByCreatedAt(e.createdAt, e._id),
  ...epapersByPublishDate(e.publishDate, e._id),
  ...e,
});

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

export const insertEpaper = (e: EpaperRecord) =>
  insertRecord(
    item(e),
    [putUnique({ ...epaperSlugKey(e.slug), epaperId: e._id }), counterUpdate(EPAPER_ENTITY, 'ALL', 1)],
    SLUG_TAKEN,
  );

export const replaceEpaper = (next: EpaperRecord, expectedVersion: number) =>
  replaceRecord(item(next), expectedVersion);
