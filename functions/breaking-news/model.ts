/**
 * Breaking news, as stored: one item a headline (`BREAKING#<id>` / `BREAKING`), listed newest first in gsi1,
 * counted in `COUNT#BREAKING`; in the trash, only its counter moves.
 */
import type { BreakingNews } from '../../shared/schemas/breaking-news';
import { defineEntity } from '../lib/db/entity';
import { trashableEntity } from '../trash/trashable';

/** Breaking news is stored as returned. */
export type BreakingNewsRecord = BreakingNews;

export const BREAKING_NEWS_NOT_FOUND = 'No such breaking news';

export const breakingNewsModel = /* @__PURE__ */ defineEntity<BreakingNewsRecord>({
  name: 'BREAKING',
  indexes: { gsi1: { partition: 'BREAKING', sortBy: (b) => b.createdAt } },
  takenMessage: 'This item already exists',
});

export const BREAKING_NEWS_TRASH = /* @__PURE__ */ trashableEntity(breakingNewsModel, {
  auditType: 'breaking-news',
  notFoundMessage: BREAKING_NEWS_NOT_FOUND,
  titleOf: (b) => b.title,
});
