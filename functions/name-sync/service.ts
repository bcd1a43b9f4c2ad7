/**
 * After a rename, every row that copies the name is brought up to date (functions/README.md → Names in list
 * rows): the articles' rows and postings, the ads and the e-paper editions, each found by its name references
 * (lib/db/copies.ts) and refreshed to the end in bounded steps. Run by the stream consumer (handler.ts) in AWS,
 * and after the write locally (trigger.ts), each with the renames gathered and one per record.
 *
 * A rename is walked only while it is the record's latest and no walk has covered it yet: one superseded by a
 * later rename is left to that rename's own sync (the stream, and the local trigger, deliver every rename of a
 * record, in order), and one a walk at its version or later has done is not walked again. So several renames in
 * quick succession cost one walk, with the latest name.
 */
import { refreshAdNames } from '../advertisement/names';
import { refreshArticleNames } from '../article/names';
import { refreshEditionNames } from '../epaper/names';
import { clock } from '../lib/clock';
import { type RefreshBudget, type RefreshProgress, stepToTheEnd } from '../lib/db/copies';
import type { NameChange } from '../lib/renames';
import { currentName, lastSync, recordSync } from './model';

type Step = (budget: RefreshBudget) => Promise<RefreshProgress>;
type Counts = Omit<RefreshProgress, 'next'>;

/** What a sync did: walked the rows (each kind's counts), or not, and why. */
export type SyncReport =
  | { walked: true; rows: Record<string, Counts> }
  | { walked: false; reason: 'superseded' | 'synced already' };

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

/**
 * Brings every copy of the renamed record's name up to date, unless a later rename supersedes this one or a walk
 * covered it already; throws when a write fails (the caller retries).
 */
export async function syncNames(change: NameChange): Promise<SyncReport> {
  const current = await currentName(change);
  // Renamed again since: that rename's sync follows and walks with its name. (A record gone from the table, in
  // the trash, keeps this rename's name: the rows are brought to it.)
  if (current && current.name !== change.name) return { walked: false, reason: 'superseded' };
  const asOf = change.version ?? current?.version;
  const synced = asOf === undefined ? undefined : await lastSync(change);
  if (synced && asOf !== undefined && synced.version >= asOf) return { walked: false, reason: 'synced already' };

  const rows: Record<string, Counts> = {};
  for (const [kind, step] of Object.entries(stepsFor(change))) rows[kind] = await stepToTheEnd(step);
  const version = current?.version ?? change.version;
  if (version !== undefined) await recordSync(change, change.name, version, clock.iso());
  return { walked: true, rows };
}
