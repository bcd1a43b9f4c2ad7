/** Breaking news: a headline with an optional link, toggled between Enable and Disable (CONTRACT.md §4). */
import type { BreakingNewsInput, BreakingNewsUpdateInput } from '../../shared/schemas/breaking-news';
import { firstVersion } from '../lib/db/records';
import { notFound } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { BREAKING_NEWS_NOT_FOUND, type BreakingNewsRecord, breakingNewsModel } from './model';

/** The url is omitted when empty (CONTRACT.md §5). */
const withUrl = (url: string | undefined) => (url ? { url } : {});

export const findBreakingNews = (page: number, limit: number) => breakingNewsModel.page(page, limit);

export async function createBreakingNews(input: BreakingNewsInput) {
  const now = nowIso();
  const record: BreakingNewsRecord = {
    _id: newId(),
    title: input.title,
    ...withUrl(input.url),
    status: 'Enable',
    ...firstVersion(now),
  };
  await breakingNewsModel.insert(record);
  return record;
}

export async function updateBreakingNews(id: string, input: BreakingNewsUpdateInput) {
  const current = await breakingNewsModel.get(id);
  if (!current) throw notFound(BREAKING_NEWS_NOT_FOUND);
  const { url: _old, ...rest } = current;
  const next: BreakingNewsRecord = {
    ...rest,
    title: input.title ?? current.title,
    ...withUrl(input.url === undefined ? current.url : input.url),
    status: input.status ?? current.status,
    updatedAt: nowIso(),
    version: input.version + 1,
  };
  await breakingNewsModel.replace(next, input.version);
  return next;
}
