/**
 * From a batch of the table's changes to the work they ask for (workOf), and that work done (project): the
 * published projection made to agree with the records that changed, and what readers would notice of it (the paths
 * to purge, the events to send). The stream consumer (handler.ts) and the backfill (backfill.ts) share it.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent, AttributeValue as LambdaAttributeValue } from 'aws-lambda';
import { projectAd, projectUnendedAds } from './ads';
import { type ArticleOutcome, projectArticle } from './articles';
import {
  articlesOfCategory,
  homeHoldsAny,
  merge,
  type Outcome,
  projectBreakingNews,
  projectCategory,
  projectEpaper,
  projectHome,
  projectMenus,
  projectSite,
} from './pages';
import { sourceOf } from './sources';

export type { Outcome };

/** What a batch of changes asks to be made again. */
export interface Work {
  articles: Set<string>;
  /** Changed categories, with the slug each had before the change (its page under that slug goes). */
  categories: Map<string, string | undefined>;
  epapers: Set<string>;
  ads: Set<string>;
  home: boolean;
  menus: boolean;
  site: boolean;
  breakingNews: boolean;
}

const idAfter = (pk: string, prefix: string) => pk.slice(prefix.length);

type Image = Record<string, unknown>;
const imageOf = (image: Record<string, LambdaAttributeValue> | undefined): Image | undefined =>
  image ? unmarshall(image as Parameters<typeof unmarshall>[0]) : undefined;

/** The work a batch of stream records asks for (records of other items are skipped). */
export function workOf(event: DynamoDBStreamEvent): Work {
  const work: Work = {
    articles: new Set(),
    categories: new Map(),
    epapers: new Set(),
    ads: new Set(),
    home: false,
    menus: false,
    site: false,
    breakingNews: false,
  };
  for (const record of event.Records) {
    const keys = imageOf(record.dynamodb?.Keys);
    if (!keys) continue;
    const source = sourceOf(keys);
    if (!source) continue;
    const pk = String(keys.pk);
    switch (source.kind) {
      case 'article':
      case 'articleContent':
        work.articles.add(idAfter(pk, source.pkPrefix));
        break;
      case 'category': {
        const id = idAfter(pk, source.pkPrefix);
        const old = imageOf(record.dynamodb?.OldImage);
        if (!work.categories.has(id)) work.categories.set(id, typeof old?.slug === 'string' ? old.slug : undefined);
        break;
      }
      case 'epaper':
        work.epapers.add(idAfter(pk, source.pkPrefix));
        break;
      case 'advertisement':
        work.ads.add(idAfter(pk, source.pkPrefix));
        break;
      case 'home':
        work.home = true;
        break;
      case 'menu':
      case 'menuActive':
        work.menus = true;
        break;
      case 'site':
        work.site = true;
        break;
      case 'breakingNews':
        work.breakingNews = true;
        break;
    }
  }
  return work;
}

/** Runs `task` over `items`, `width` at a time. */
async function inTurns<T, R>(items: readonly T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  }
  return results;
}

/** Makes the projection agree with the records `work` names; what changed for readers. */
export async function project(work: Work): Promise<Outcome> {
  const outcomes: Outcome[] = [];
  let menus = work.menus;
  let home = work.home;
  const articles = new Set(work.articles);
  // Categories first: the articles made again below then carry their new names and slugs.
  for (const [id, oldSlug] of work.categories) {
    const outcome = await projectCategory(id, oldSlug);
    outcomes.push(outcome);
    if (!outcome.renamed) continue;
    menus = true;
    home = true;
    if (!outcome.feedSlug) continue;
    for await (const ids of articlesOfCategory(outcome.feedSlug)) for (const article of ids) articles.add(article);
  }
  const done: ArticleOutcome[] = await inTurns([...articles], 4, projectArticle);
  for (const outcome of done) {
    outcomes.push({
      paths: outcome.paths,
      events: outcome.event ? [{ event: outcome.event, data: outcome.data }] : [],
    });
  }
  if (!home) home = await homeHoldsAny(done.filter((o) => o.cardChanged).map((o) => o.id));
  const rest = await Promise.all([
    home ? projectHome() : undefined,
    menus ? projectMenus() : undefined,
    work.site ? projectSite() : undefined,
    work.breakingNews ? projectBreakingNews() : undefined,
    ...[...work.epapers].map(projectEpaper),
    // Ads are read by no cached path: nothing to purge.
    work.site ? projectUnendedAds() : inTurns([...work.ads], 8, (id) => projectAd(id)),
  ]);
  for (const outcome of rest) if (outcome && !Array.isArray(outcome)) outcomes.push(outcome);
  return merge(outcomes);
}
