/**
 * Advertisements (CONTRACT.md §3–§5): references checked (client, categories, verified png/jpeg images), the running
 * window not in the past and ending after it starts, the images the position keeps, views and clicks read-only.
 */
import {
  type AdvertisementDetail,
  type AdvertisementInput,
  type AdvertisementListQuery,
  type AdvertisementRow,
  imagesForPosition,
  pastDateProblem,
} from '../../shared/schemas/advertisement';
import { mediaRefs, requireVerifiedAssets } from '../asset/references';
import { listAllCategories } from '../category/model';
import { clientModel } from '../client/model';
import { dateRangeOf } from '../lib/date-range';
import { containsAny, type ItemFilter } from '../lib/db/paging';
import { firstVersion } from '../lib/db/records';
import { badRequest, HttpError, notFound, staleVersion } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { searchable } from '../lib/text';
import { searchWords } from '../search/terms';
import type { AuthUser } from '../user/auth-user';
import { countsOf, shardsOf, totalsOf } from './counters';
import {
  type AdvertisementRecord,
  COUNTS_MOVED_MESSAGE,
  filterAdvertisements,
  getAdvertisement,
  insertAdvertisement,
  listAdvertisements,
  AD_NOT_FOUND as NOT_FOUND,
  replaceAdvertisement,
} from './model';

type Counts = { views: number; clicks: number };
const NOT_COUNTED: Counts = { views: 0, clicks: 0 };

/** An ad as its row shows it, with its counts (counters.ts: the site's impressions and clicks, never the form's). */
const rowView = (a: AdvertisementRecord, counts: Counts = NOT_COUNTED): AdvertisementRow => ({
  _id: a._id,
  title: a.title,
  url: a.url,
  client: { _id: a.client, name: a.clientName },
  categories: a.categoryNames,
  position: a.position,
  startDate: a.startDate,
  endDate: a.endDate,
  maxImpressionAllowed: a.maxImpressionAllowed,
  views: counts.views,
  clicks: counts.clicks,
  isFeatured: a.isFeatured,
  user: { _id: a.user, name: a.userName },
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  version: a.version,
});

/** The ad as its page shows it; `counts` when a save has just read them (its counters), else read here. */
async function detailView(a: AdvertisementRecord, counts?: Counts): Promise<AdvertisementDetail> {
  const [media, read] = await Promise.all([
    mediaRefs(a.images.map((i) => i.file)),
    counts ? undefined : countsOf([a._id]).then((all) => all.get(a._id)),
  ]);
  return {
    ...rowView(a, counts ?? read),
    description: a.description,
    client: a.client,
    clientName: a.clientName,
    categories: a.categories,
    images: a.images,
    media,
  };
}

export async function findAdvertisements(q: AdvertisementListQuery) {
  const { page, limit } = q;
  const range = dateRangeOf(q);
  const filters: ItemFilter[] = [];
  const words = searchWords(q.search ?? '');
  const categories = (q.categories ?? '').split(',').filter(Boolean);
  if (categories.some((c) => !/^[0-9A-HJKMNP-TV-Z]{26}$/.test(c))) throw badRequest('Not a valid category id');
  if (categories.length) filters.push(containsAny('categories', categories));
  const { list, total } =
    range || words.length || filters.length
      ? await filterAdvertisements(range, words, filters, page, limit)
      : await listAdvertisements(page, limit);
  const counts = await countsOf(list.map((a) => a._id));
  return { list: list.map((a) => rowView(a, counts.get(a._id))), total };
}

export async function findAdvertisement(id: string) {
  const ad = await getAdvertisement(id);
  if (!ad) throw notFound(NOT_FOUND);
  return detailView(ad);
}

/** The fields a save stores, after every check; the images the position does not keep are dropped. */
async function checkedFields(input: AdvertisementInput, current?: AdvertisementRecord) {
  const startDate = new Date(input.startDate).toISOString();
  const endDate = new Date(input.endDate).toISOString();
  // A running ad keeps its start: only dates that change must not be in the past.
  const problem = pastDateProblem(
    current && current.startDate === startDate ? nowIso() : startDate,
    current && current.endDate === endDate ? nowIso() : endDate,
    Date.now(),
  );
  if (problem) throw badRequest(problem);

  const [client, categories] = await Promise.all([clientModel.get(input.client), listAllCategories()]);
  if (!client) throw badRequest('The client does not exist');
  const byId = new Map(categories.map((c) => [c._id, c]));
  const categoryNames = input.categories.map((id) => {
    const category = byId.get(id);
    if (!category) throw badRequest('A category does not exist');
    return { _id: id, name: category.name };
  });
  const images = imagesForPosition(input.position, input.images);
  await requireVerifiedAssets(
    images.map((i) => i.file),
    ['ad-image'],
  );
  return {
    title: input.title,
    searchTitle: searchable(input.title),
    description: input.description ?? '',
    url: input.url ?? '',
    client: input.client,
    clientName: client.name,
    categories: input.categories,
    categoryNames,
    maxImpressionAllowed: input.maxImpressionAllowed,
    startDate,
    endDate,
    position: input.position,
    images,
    isFeatured: input.isFeatured ?? false,
  };
}

/** A save tried this many times while impressions keep moving its counters (COUNTS_MOVED_MESSAGE). */
const SAVE_ATTEMPTS = 8;

export async function createAdvertisement(actor: AuthUser, input: AdvertisementInput) {
  const now = nowIso();
  const ad: AdvertisementRecord = {
    _id: newId(),
    ...(await checkedFields(input)),
    user: actor._id,
    userName: actor.name,
    ...firstVersion(now),
  };
  // A new ad has counted nothing.
  return detailView(await insertAdvertisement(ad), NOT_COUNTED);
}

export async function updateAdvertisement(id: string, input: AdvertisementInput & { version: number }) {
  const current = await getAdvertisement(id);
  if (!current) throw notFound(NOT_FOUND);
  if (input.version !== current.version) throw staleVersion();
  const next: AdvertisementRecord = {
    ...current,
    ...(await checkedFields(input, current)),
    updatedAt: nowIso(),
    version: current.version + 1,
  };
  for (let attempt = 1; ; attempt++) {
    // The counters as they are now: a change of the cap gives each shard its count so far and a share of the rest.
    const shards = (await shardsOf([id], true)).get(id);
    try {
      return detailView(await replaceAdvertisement(current, next, shards), totalsOf(shards));
    } catch (error) {
      const countsMoved = error instanceof HttpError && error.status === 409 && error.text === COUNTS_MOVED_MESSAGE;
      if (!countsMoved || attempt === SAVE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
