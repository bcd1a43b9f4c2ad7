/**
 * E-paper editions (CONTRACT.md §2–§7): a PDF per edition, published or un-published; Edit, or Edit:own on one's own.
 */

import type { RouteBody } from '../../shared/api';
import { canAccess } from '../../shared/permissions';
import type { EpaperDetail, EpaperInput, EpaperListQuery, EpaperRow } from '../../shared/schemas/epaper';
import { mixedScriptWord, SLUG_MESSAGES, slugify, slugPath, slugWithSuffix } from '../../shared/slug';
import { mediaRefs, requireVerifiedAssets } from '../asset/references';
import { dateRangeOf } from '../lib/date-range';
import { firstVersion } from '../lib/db/records';
import { badRequest, forbidden, HttpError, notFound, staleVersion } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { searchWords } from '../search/terms';
import { siteSlugStyle } from '../site-management/model';
import type { AuthUser } from '../user/auth-user';
import {
  type EpaperRecord,
  epaperModel,
  insertEpaper,
  listEpapersPublishedBetween,
  EPAPER_NOT_FOUND as NOT_FOUND,
  replaceEpaper,
  SLUG_TAKEN,
  searchEpapers,
} from './model';

const rowView = (e: EpaperRecord): EpaperRow => ({
  _id: e._id,
  title: e.title,
  slug: e.slug,
  url: slugPath(e.slug, '/epaper'),
  status: e.status,
  user: { _id: e.user, name: e.userName },
  publishDate: e.publishDate,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
  version: e.version,
});

async function detailView(e: EpaperRecord): Promise<EpaperDetail> {
  return {
    ...rowView(e),
    user: e.user,
    userName: e.userName,
    seo: e.seo,
    file: e.file,
    media: await mediaRefs([e.file]),
  };
}

export async function findEpapers(query: EpaperListQuery) {
  const { page, limit } = query;
  const range = dateRangeOf(query);
  const words = searchWords(query.search ?? '');
  const { list, total } = words.length
    ? await searchEpapers(words, range, page, limit)
    : range
      ? await listEpapersPublishedBetween(range.from, range.to, page, limit)
      : await epaperModel.page(page, limit);
  return { list: list.map(rowView), total };
}

function requireEditable(actor: AuthUser, e: EpaperRecord) {
  if (!canAccess(actor, 'Epaper', ['Edit']) && e.user !== actor._id) throw forbidden();
}

export async function findEpaper(actor: AuthUser, id: string) {
  const e = await epaperModel.get(id, true);
  if (!e) throw notFound(NOT_FOUND);
  if (!canAccess(actor, 'Epaper', ['Read'])) requireEditable(actor, e);
  return detailView(e);
}

const seoOf = (input: EpaperInput) => ({
  title: input.seo.title,
  description: input.seo.description,
  metaTags: input.seo.metaTags?.[0] ? [{ property: 'keywords', content: input.seo.metaTags[0].content }] : [],
});

export async function createEpaper(actor: AuthUser, input: EpaperInput) {
  const slug = slugify(input.title, await siteSlugStyle()) || 'edition';
  // A title word mixing look-alike scripts would make a URL that passes for another edition's.
  if (mixedScriptWord(slug) !== undefined) throw badRequest(SLUG_MESSAGES.mixed);
  await requireVerifiedAssets([input.file], ['epaper-pdf']);
  const now = nowIso();
  const id = newId();
  const edition: EpaperRecord = {
    _id: id,
    title: input.title,
    slug,
    status: 'Draft',
    seo: seoOf(input),
    file: input.file,
    publishDate: new Date(input.publishDate).toISOString(),
    user: actor._id,
    userName: actor.name,
    ...firstVersion(now),
  };
  try {
    await insertEpaper(edition);
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 409)) throw error;
    // Editions often share a title ("Morning edition"): the id's tail keeps each URL unique.
    edition.slug = slugWithSuffix(edition.slug, id.slice(-6).toLowerCase());
    await insertEpaper(edition).catch((again: unknown) => {
      throw again instanceof HttpError && again.status === 409 ? badRequest(SLUG_TAKEN) : again;
    });
  }
  return detailView(edition);
}

/** PATCH /epaper/{id}: the whole form, or `{_id, version, status}` to publish or un-publish (CONTRACT.md §7). */
export async function updateEpaper(actor: AuthUser, id: string, body: RouteBody<'PATCH /epaper/{id}'>) {
  const current = await epaperModel.get(id, true);
  if (!current) throw notFound(NOT_FOUND);
  requireEditable(actor, current);
  let next: EpaperRecord;
  const expected = body.input.version;
  if (body.form === 'status') {
    next = { ...current, status: body.input.status };
  } else {
    const { input } = body;
    if (input.file !== current.file) await requireVerifiedAssets([input.file], ['epaper-pdf']);
    next = {
      ...current,
      title: input.title,
      seo: seoOf(input),
      file: input.file,
      publishDate: new Date(input.publishDate).toISOString(),
    };
  }
  if (expected !== current.version) throw staleVersion();
  next = { ...next, updatedAt: nowIso(), version: current.version + 1 };
  return detailView(await replaceEpaper(current, next));
}
