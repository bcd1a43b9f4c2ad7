/**
 * Locally there is no table stream: with NAME_SYNC=inline (the local stack sets it) a rename starts the name
 * sync after its write, in the same process, without the request waiting for it. Renames are gathered as the
 * stream mapping gathers them (RENAME_BATCH, sources.ts): for its window after the first (with no cap on their
 * number), one per record (the latest), then synced one after another; renames arriving meanwhile make the next
 * batch. So a record has one
 * walk at a time and at most one rename waiting, and several renames in quick succession are one walk.
 * The local stack connects it to the services' announcements (whenRenamed in lib/renames.ts).
 */
import { config } from '../lib/config';
import { errorFields, logger } from '../lib/observability';
import type { NameChange } from '../lib/renames';
import { syncNames } from './service';
import { RENAME_BATCH } from './sources';

/** Renames announced and not synced yet, the latest of each record. */
const waiting = new Map<string, NameChange>();
let running: Promise<void> | undefined;

function logFailure(change: NameChange, error: unknown) {
  logger().error('name sync failed', { kind: change.kind, id: change.id, error: errorFields(error) });
}

async function drain(): Promise<void> {
  try {
    while (waiting.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, RENAME_BATCH.windowSeconds * 1000));
      const batch = [...waiting.values()];
      waiting.clear();
      for (const change of batch) await syncNames(change).catch((error: unknown) => logFailure(change, error));
    }
  } finally {
    running = undefined;
  }
}

/** Starts bringing the copies of a renamed record's name up to date (NAME_SYNC=inline only); never throws. */
export function startNameSync(change: NameChange): void {
  if (config.nameSync !== 'inline') return;
  waiting.set(`${change.kind}#${change.id}`, change);
  running ??= drain();
}

/** Resolves when every sync started so far has ended: the local stack waits for it before it stops. */
export const nameSyncsSettled = () => running ?? Promise.resolve();
