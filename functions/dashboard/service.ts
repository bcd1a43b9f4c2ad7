/**
 * The dashboard (CONTRACT.md §2 and §7): article counts by status, the review queue, what is scheduled
 * next and what is late, recent changes, and the ads running now. Counters and short Queries only; each block
 * is there only for users who may read its resource.
 */

import { ARTICLE_RESOURCE, canAccess } from '../../shared/permissions';
import type { ArticleFigures, Dashboard, DashboardArticle, ReturnedArticle } from '../../shared/schemas/dashboard';
import { slugPath } from '../../shared/slug';
import { LATE_AFTER_MS } from '../../shared/workflow';
import { countsOf } from '../advertisement/counters';
import { countAdvertisements, runningAdvertisements } from '../advertisement/model';
import { countsByStatus, oldestInStatus, recentlyUpdatedArticles, scheduledBetween } from '../article/lists';
import type { ArticleRecord } from '../article/model';
import { returnedTo } from '../article/model';
import { countEpapers } from '../epaper/model';
import type { AuthUser } from '../user/auth-user';

const SHORT_LIST = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

const row = (a: ArticleRecord): DashboardArticle => ({
  _id: a._id,
  title: a.title,
  type: a.type,
  status: a.status,
  url: slugPath(a.slug),
  user: { _id: a.user, name: a.authorName },
  publishDate: a.publishDate,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  updatedBy: a.updatedBy,
  version: a.version,
});

async function articleFigures(now: Date): Promise<ArticleFigures> {
  const lateBefore = new Date(now.getTime() - LATE_AFTER_MS).toISOString();
  const [counts, needReview, upcoming, late, recentlyUpdated] = await Promise.all([
    countsByStatus(),
    // The review desk works oldest first: those waiting longest come first.
    oldestInStatus('Need Review', SHORT_LIST),
    // Upcoming includes the ones due in the last two minutes (the publisher has not run yet; not late).
    scheduledBetween({ from: lateBefore }, SHORT_LIST),
    scheduledBetween({ to: lateBefore }, SHORT_LIST),
    recentlyUpdatedArticles(SHORT_LIST),
  ]);
  return {
    counts,
    needReview: needReview.map(row),
    upcoming: upcoming.map(row),
    late: late.map(row),
    recentlyUpdated: recentlyUpdated.map(row),
  };
}

async function adFigures(now: Date): Promise<NonNullable<Dashboard['advertisements']>> {
  const [total, running] = await Promise.all([
    countAdvertisements(),
    runningAdvertisements(now.toISOString(), SHORT_LIST),
  ]);
  const counts = await countsOf(running.map((a) => a._id));
  return {
    total,
    running: running.map((a) => ({
      _id: a._id,
      title: a.title,
      client: { _id: a.client, name: a.clientName },
      position: a.position,
      views: counts.get(a._id)?.views ?? 0,
      clicks: counts.get(a._id)?.clicks ?? 0,
      maxImpressionAllowed: a.maxImpressionAllowed,
      endDate: a.endDate,
      daysLeft: Math.max(0, Math.ceil((Date.parse(a.endDate) - now.getTime()) / DAY_MS)),
    })),
  };
}

/** The caller's own articles sent back to them: one Query of their partition (article/model.ts, returnedKey). */
async function returnedToMe(actor: AuthUser): Promise<ReturnedArticle[]> {
  const items = await returnedTo(actor._id);
  return items.map((r) => ({ _id: r.articleId, title: r.title, type: r.type, note: r.note, at: r.at, by: r.by }));
}

export async function dashboard(actor: AuthUser, now = new Date()): Promise<Dashboard> {
  const [articles, advertisements, epapers, returned] = await Promise.all([
    canAccess(actor, ARTICLE_RESOURCE, ['Read']) ? articleFigures(now) : undefined,
    canAccess(actor, 'Advertisement', ['Read']) ? adFigures(now) : undefined,
    canAccess(actor, 'Epaper', ['Read']) ? countEpapers().then((total) => ({ total })) : undefined,
    // Whoever may write an article may have one sent back: Read alone authors nothing.
    canAccess(actor, ARTICLE_RESOURCE, ['Write', 'Edit', 'EditOwn']) ? returnedToMe(actor) : undefined,
  ]);
  return {
    now: now.toISOString(),
    articles: articles ?? null,
    advertisements: advertisements ?? null,
    epapers: epapers ?? null,
    returned: returned ?? null,
  };
}
