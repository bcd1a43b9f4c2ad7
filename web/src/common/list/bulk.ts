/**
 * Bulk actions over the rows picked in a list (ListPage's `bulk`): which actions to offer, running one over the
 * rows a few at a time through the same call a row action makes, and what each row's result was. No React here:
 * tests/unit/web-bulk.test.ts runs it as it is.
 */
import type { NoteAsk } from '../NoteField';

/** How many calls a bulk action has under way at once. */
export const BULK_CONCURRENCY = 3;

export interface BulkAction<T> {
  key: string;
  /** The button: 'Approve', 'Move to trash'. */
  label: string;
  /** What a row it worked on has become, for the results: 'Approved', 'Moved to trash'. */
  done: string;
  color?: string;
  /** Why the action does not apply to the row (it is skipped, with this reason), or null when it does. */
  refusal: (row: T) => string | null;
  /**
   * The call for one row, as its row action makes it, with the note asked for (`asksNote`). A text it returns is
   * shown with the row's result.
   */
  run: (row: T, note?: string) => Promise<string | undefined>;
  /** The question asked before it runs on `count` rows. */
  question: (count: number) => string;
  /**
   * What the question must point out about the rows it applies to (the live stories a Move to trash takes off the
   * site), or null when there is nothing to say.
   */
  warning?: (rows: readonly T[]) => string | null;
  /** A note the action needs (Reject's note to the authors): asked with the question, sent with every row. */
  asksNote?: NoteAsk;
  /** Red: it takes something away. */
  danger?: boolean;
}

/** done: the call succeeded; refused: the server said no (its reason); skipped: the action did not apply. */
export type BulkOutcome = 'done' | 'refused' | 'skipped';

export interface BulkResult<T> {
  row: T;
  outcome: BulkOutcome;
  /** The refusal or the reason for skipping, or what the success brought ('Scheduled for …'). */
  message?: string;
}

/** The actions that apply to at least one of the rows, in their given order. */
export function offeredActions<T>(actions: readonly BulkAction<T>[], rows: readonly T[]): BulkAction<T>[] {
  return actions.filter((action) => rows.some((row) => action.refusal(row) === null));
}

/** The rows the action applies to, and those it skips with the reason. */
export function splitRows<T>(action: BulkAction<T>, rows: readonly T[]) {
  const apply: T[] = [];
  const skip: { row: T; reason: string }[] = [];
  for (const row of rows) {
    const reason = action.refusal(row);
    if (reason === null) apply.push(row);
    else skip.push({ row, reason });
  }
  return { apply, skip };
}

/** `work` over the items with at most `concurrency` under way at once; the answers in the items' order. */
export async function runPool<I, R>(
  items: readonly I[],
  concurrency: number,
  work: (item: I) => Promise<R>,
): Promise<R[]> {
  const answers = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index] as I);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), items.length) }, worker));
  return answers;
}

/**
 * Runs the action on every row it applies to, `concurrency` at a time; the others are skipped with their
 * reason. A failure is the row's result (`describeFailure` says it), never the end of the run.
 */
export async function runBulk<T>(
  action: BulkAction<T>,
  rows: readonly T[],
  describeFailure: (failure: unknown, row: T) => string,
  concurrency = BULK_CONCURRENCY,
  note?: string,
): Promise<BulkResult<T>[]> {
  const skipped = new Map(splitRows(action, rows).skip.map(({ row, reason }) => [row, reason]));
  return runPool(rows, concurrency, async (row): Promise<BulkResult<T>> => {
    const reason = skipped.get(row);
    if (reason !== undefined) return { row, outcome: 'skipped', message: reason };
    try {
      const said = await action.run(row, note);
      return said ? { row, outcome: 'done', message: said } : { row, outcome: 'done' };
    } catch (failure) {
      return { row, outcome: 'refused', message: describeFailure(failure, row) };
    }
  });
}

export function countOutcomes<T>(results: readonly BulkResult<T>[]): Record<BulkOutcome, number> {
  const counts: Record<BulkOutcome, number> = { done: 0, refused: 0, skipped: 0 };
  for (const result of results) counts[result.outcome]++;
  return counts;
}

/** One line for the results: '1 approved, 1 refused, 1 skipped' (the parts with none left out). */
export function bulkSummary<T>(results: readonly BulkResult<T>[], done: string): string {
  const counts = countOutcomes(results);
  const parts = [
    counts.done > 0 && `${counts.done} ${done.toLowerCase()}`,
    counts.refused > 0 && `${counts.refused} refused`,
    counts.skipped > 0 && `${counts.skipped} skipped`,
  ].filter((part): part is string => typeof part === 'string');
  return parts.length > 0 ? parts.join(', ') : 'Nothing selected';
}

/** The rows an action skips, grouped by reason with how many each (the confirm dialog says it before the run). */
export function skippedReasons<T>(action: BulkAction<T>, rows: readonly T[]): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { reason } of splitRows(action, rows).skip) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count }));
}

const OUTCOME_ORDER: Record<BulkOutcome, number> = { refused: 0, done: 1, skipped: 2 };

/** The results as the dialog lists them: refusals first (what needs a look), then done, then skipped. */
export function resultsInOrder<T>(results: readonly BulkResult<T>[]): BulkResult<T>[] {
  return [...results].sort((a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome]);
}
