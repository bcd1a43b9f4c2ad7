/**
 * The dashboard (SPEC leaves it open; issue 7): article counts by status, the review queue, what is scheduled
 * next and what is late, recent changes, and the ads running now. Counters and short Queries only; each block
 * is there only for users who may read its resource.
 */
import { ARTICLE_STATUSES } from '../../shared/constants';
import { canAccess } from '../../shared/permissions';
import { LATE_AFTER_MS } from '../../shared/workflow';
import { runningAdvertisements } from '../advertisement/repo';
import type { ArticleRecord } from '../cms/repo';
import type { AuthUser } from '../lib/auth';
import { AD_ENTITY } from '../lib/db/advertisement-keys';
import { ARTICLES_PARTITION, articleStatusPartition, CMS_ENTITY, SCHEDULED_PARTITION } from '../lib/db/cms-keys';
import { EPAPER_ENTITY } from '../lib/db/epaper-keys';
import { queryFirst, readCounter, readCounters } from '../lib/db/paging';
import { withoutKeys } from '../lib/db/records';

const SHORT_LIST = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

const row = (item: Record<string, unknown>) => {
  const a = withoutKeys<ArticleRecord>(item);
  return {
    _id: a._id,
    title: a.title,
    type: a.type,
    status: a.status,
    url: `/${a.slug}`,
    user: { _id: a.user, name: a.authorName },
    publishDate: a.publishDate,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    updatedBy: a.updatedBy,
    version: a.version,
  };
};

async function articleFigures(now: Date) {
  const lateBefore = new Date(now.getTime() - LATE_AFTER_MS).toISOString();
  const [counts, needReview, upcoming, late, recentlyUpdated] = await Promise.all([
    readCounters(CMS_ENTITY, ['ALL', ...ARTICLE_STATUSES]),
    // The review desk works oldest first: those waiting longest come first.
    queryFirst<Record<string, unknown>>(
      { index: 'gsi2', partition: articleStatusPartition('Need Review'), ascending: true },
      SHORT_LIST,
    ),
    // Upcoming includes the ones due in the last two minutes (the publisher has not run yet; not late).
    queryFirst<Record<string, unknown>>(
      { index: 'gsi3', partition: SCHEDULED_PARTITION, from: lateBefore, ascending: true },
      SHORT_LIST,
    ),
    queryFirst<Record<string, unknown>>(
      { index: 'gsi3', partition: SCHEDULED_PARTITION, to: lateBefore, ascending: true },
      SHORT_LIST,
    ),
    queryFirst<Record<string, unknown>>({ index: 'gsi4', partition: ARTICLES_PARTITION }, SHORT_LIST),
  ]);
  return {
    counts,
    needReview: needReview.map(row),
    upcoming: upcoming.map(row),
    late: late.map(row),
    recentlyUpdated: recentlyUpdated.map(row),
  };
}

async function adFigures(now: Date) {
  const [total, running] = await Promise.all([
    readCounter(AD_ENTITY),
    runningAdvertisements(now.toISOString(), SHORT_LIST),
  ]);
  return {
    total,
    running: running.map((a) => ({
      _id: a._id,
      title: a.title,
      client: { _id: a.client, name: a.clientName },
      position: a.position,
      views: a.views,
      clicks: a.clicks,
      maxImpressionAllowed: a.maxImpressionAllowed,
      endDate: a.endDate,
      daysLeft: Math.max(0, Math.ceil((Date.parse(a.endDate) - now.getTime()) / DAY_MS)),
    })),
  };
}

export async function dashboard(actor: AuthUser, now = new Date()) {
  const [articles, advertisements, epapers] = await Promise.all([
    canAccess(actor, 'Cms', ['Read']) ? articleFigures(now) : undefined,
    canAccess(actor, 'Advertisement', ['Read']) ? adFigures(now) : undefined,
    canAccess(actor, 'Epaper', ['Read']) ? readCounter(EPAPER_ENTITY).then((total) => ({ total })) : undefined,
  ]);
  return {
    now: now.toISOString(),
    articles: articles ?? null,
    advertisements: advertisements ?? null,
    epapers: epapers ?? null,
  };
}
