/**
 * Runs every minute (EventBridge in AWS, a timer locally): Scheduled articles whose time has come are published.
 * An article whose publish fails is logged (its id), counted and left for the next run; the run goes on with the
 * others, paging past it, so no number of failing articles can hold back the due ones behind them. Then the home
 * page's slots are swept of articles no longer live (layout-sweep.ts).
 */
import { METRIC } from '../../shared/metrics';
import { dueArticlesPage } from '../article/lists';
import { nowIso } from '../lib/ids';
import { addMetric, backgroundHandler, errorFields, logger } from '../lib/observability';
import { sweepLayout } from './layout-sweep';
import { publishScheduled } from './service';

/** Due articles are read a page at a time; a run reads at most MAX_BATCHES pages (the rest wait a minute). */
const BATCH = 100;
const MAX_BATCHES = 20;

export interface PublisherRun {
  published: number;
  /** Changed meanwhile (an editor's change wins) or no longer publishable: left as they are. */
  skipped: number;
  /** Their publish threw: tried again by the next run. */
  failed: number;
  /** How late the most overdue due article was, in seconds (0 when none was due). */
  lagSeconds: number;
  /** Articles no longer live that the home page still placed, taken out (layout-sweep.ts). */
  unplaced: number;
}

export async function publishDue(now = nowIso()): Promise<PublisherRun> {
  const run: PublisherRun = { published: 0, skipped: 0, failed: 0, lagSeconds: 0, unplaced: 0 };
  const at = Date.parse(now);
  let after: Record<string, unknown> | undefined;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const page = await dueArticlesPage(now, BATCH, after);
    for (const article of page.articles) {
      const late = article.publishDate ? (at - Date.parse(article.publishDate)) / 1000 : 0;
      run.lagSeconds = Math.max(run.lagSeconds, Math.round(late));
      try {
        if (await publishScheduled(article, now)) run.published++;
        else run.skipped++;
      } catch (error) {
        run.failed++;
        logger().error('publish failed', { articleId: article._id, error: errorFields(error) });
      }
    }
    after = page.next;
    if (!after) break;
  }
  run.unplaced = (await sweepLayout()).length;
  return run;
}

/**
 * The run's figures are flushed whatever happens (logMetrics). It throws (the invocation fails, so Lambda's
 * retries and the failure destination see it) when an article failed after every due one was tried, or when
 * the run itself could not read the due articles; a run that only skipped articles succeeds.
 */
export const handler = backgroundHandler(async (): Promise<PublisherRun> => {
  const run = await publishDue();
  addMetric(METRIC.articlesPublished, 'Count', run.published);
  addMetric(METRIC.publishFailures, 'Count', run.failed);
  addMetric(METRIC.publisherLag, 'Seconds', run.lagSeconds);
  if (run.published + run.skipped + run.failed + run.unplaced > 0) logger().info('publisher run', { ...run });
  if (run.failed > 0) throw new Error(`${run.failed} due article(s) failed to publish; see the "publish failed" lines`);
  return run;
}, true);
