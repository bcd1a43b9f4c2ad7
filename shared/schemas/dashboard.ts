/** What GET /dashboard returns (types only): each block null when the user may not read its resource. */
import type { ArticleStatus, ArticleType } from '../constants';
import type { AdPosition } from './advertisement';
import type { NamedRef } from './common';

/** An article as the dashboard's short lists give it. */
export interface DashboardArticle {
  _id: string;
  title: string;
  type: ArticleType;
  status: ArticleStatus;
  url: string;
  user: NamedRef;
  publishDate: string | null;
  createdAt: string;
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
  position: AdPosition;
  views: number;
  clicks: number;
  maxImpressionAllowed: number;
  endDate: string;
  daysLeft: number;
}

/** One of the user's own articles sent back to them (Rejected), with the reviewer's note. */
export interface ReturnedArticle {
  _id: string;
  title: string;
  type: ArticleType;
  note: string;
  /** When it was sent back, and by whom. */
  at: string;
  by: NamedRef;
}

export interface Dashboard {
  /** The server's clock when the figures were read. */
  now: string;
  articles: ArticleFigures | null;
  /** `total` counts every ad; `running` is the first few running now, ending soonest first. */
  advertisements: { total: number; running: RunningAd[] } | null;
  epapers: { total: number } | null;
  /**
   * "Returned to me": the caller's own articles sent back to them, newest first, with the note; null for users
   * who cannot write articles.
   */
  returned: ReturnedArticle[] | null;
}
