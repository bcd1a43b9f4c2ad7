/** DynamoDB access for e-paper editions. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SeoView } from '../../shared/schemas/common';
import type { EpaperStatus } from '../../shared/schemas/epaper';
import { db, tableName } from '../lib/db/client';
import { counterUpdate, queryFiltered, queryPage, readCounter } from '../lib/db/paging';
import { insertRecord, putUnique, replaceRecord, withoutKeys } from '../lib/db/records';
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

export async function getEpaper(id: string): Promise<EpaperRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: epaperKey(id), ConsistentRead: true }));
  return out.Item ? withoutKeys<EpaperRecord>(out.Item) : undefined;
}

/** How many editions exist (the list's counter). */
export const countEpapers = () => readCounter(EPAPER_ENTITY);

export async function listEpapers(page: number, limit: number) {
  const [items, total] = await Promise.all([
    queryPage<Record<string, unknown>>(EPAPERS_PARTITION, page, limit),
    countEpapers(),
  ]);
  return { list: items.map((i) => withoutKeys<EpaperRecord>(i)), total };
}

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
