/**
 * After a rename, every row that copies the name is brought up to date (functions/README.md → Names in list
 * rows): the articles' rows and postings, the ads and the e-paper editions, each walked to its end in bounded
 * steps. Run by the stream consumer (handler.ts) in AWS, and after the write locally (trigger.ts).
 */
import { refreshAdNames } from '../advertisement/names';
import { refreshArticleNames } from '../cms/names';
import { refreshEditionNames } from '../epaper/names';
import type { RefreshBudget, RefreshProgress } from '../lib/db/copies';
import type { NameChange } from '../lib/renames';

type Step = (budget: RefreshBudget) => Promise<RefreshProgress>;
export type SyncReport = Record<string, Omit<RefreshProgress, 'next'>>;

/** The rows copying each kind's name, and the step that refreshes them. */
function stepsFor(change: NameChange): Record<string, Step> {
  const ads: Step = (budget) => refreshAdNames(change, budget);
  switch (change.kind) {
    case 'category':
      return { articles: (budget) => refreshArticleNames({ ...change, kind: 'category' }, budget), ads };
    case 'user':
      return {
        articles: (budget) => refreshArticleNames({ ...change, kind: 'user' }, budget),
        ads,
        editions: (budget) => refreshEditionNames({ ...change, kind: 'user' }, budget),
      };
    case 'client':
      return { ads };
  }
}

/** Runs one step after another from where the last stopped, to the end of its partition. */
async function toTheEnd(step: Step): Promise<Omit<RefreshProgress, 'next'>> {
  const total = { updated: 0, skipped: 0, busy: 0 };
  let start: RefreshProgress['next'];
  do {
    const { next, ...counts } = await step({ start });
    total.updated += counts.updated;
    total.skipped += counts.skipped;
    total.busy += counts.busy;
    start = next;
  } while (start);
  return total;
}

/** Brings every copy of the renamed record's name up to date; throws when a write fails (the caller retries). */
export async function syncNames(change: NameChange): Promise<SyncReport> {
  const report: SyncReport = {};
  for (const [rows, step] of Object.entries(stepsFor(change))) report[rows] = await toTheEnd(step);
  return report;
}
