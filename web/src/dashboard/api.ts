/** GET /dashboard: the figures of the dashboard, each block null when the user may not read its resource. */
import useSWR from 'swr';
import type { ArticleStatus, ArticleType } from '../../../shared/constants';
import type { NamedRef } from '../api/refs';

/** An article as the dashboard's short lists give it. */
export interface DashboardArticle {
  _id: string;
  title: string;
  type: ArticleType;
  status: ArticleStatus;
  url: string;
  user: NamedRef;
  publishDate: string | null;
  updatedAt: string;
  updatedBy: NamedRef | null;
  version: number;
}

export type ArticleCounts = Record<'ALL' | ArticleStatus, number>;

export interface ArticleFigures {
  counts: ArticleCounts;
  /** The first few waiting in Need Review. */
  needReview: DashboardArticle[];
  /** Scheduled and due next, soonest first. */
  upcoming: DashboardArticle[];
  /** Scheduled and past their time (the publisher should have published them). */
  late: DashboardArticle[];
  recentlyUpdated: DashboardArticle[];
}

export interface RunningAd {
  _id: string;
  title: string;
  client: NamedRef;
  position: string;
  views: number;
  clicks: number;
  maxImpressionAllowed: number;
  endDate: string;
  daysLeft: number;
}

export interface Dashboard {
  /** The server's clock when the figures were read. */
  now: string;
  articles: ArticleFigures | null;
  /** `total` counts every ad; `running` is the first few running now, ending soonest first. */
  advertisements: { total: number; running: RunningAd[] } | null;
  epapers: { total: number } | null;
}

export const DASHBOARD_KEY = '/dashboard';

/** The figures, re-read every minute while the dashboard is open. */
export function useDashboard() {
  return useSWR<Dashboard>(DASHBOARD_KEY, { refreshInterval: 60_000 });
}
