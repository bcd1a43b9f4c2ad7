/**
 * Locally there is no table stream: with NAME_SYNC=inline (the local stack sets it) a rename starts the name
 * sync right after its write, in the same process, without the request waiting for it. Syncs run one after
 * another, as a stream delivers one item's changes in order, so a later rename's name is the one that stays.
 * The local stack connects it to the services' announcements (whenRenamed in lib/renames.ts).
 */
import { config } from '../lib/config';
import { errorFields, logger } from '../lib/observability';
import type { NameChange } from '../lib/renames';
import { syncNames } from './service';

let queue: Promise<unknown> = Promise.resolve();

function logFailure(change: NameChange, error: unknown) {
  logger().error('name sync failed', { kind: change.kind, id: change.id, error: errorFields(error) });
}

/** Starts bringing the copies of a renamed record's name up to date (NAME_SYNC=inline only); never throws. */
export function startNameSync(change: NameChange): void {
  if (config.nameSync !== 'inline') return;
  queue = queue.then(() => syncNames(change)).catch((error: unknown) => logFailure(change, error));
}

/** Resolves when every sync started so far has ended: the local stack waits for it before it stops. */
export const nameSyncsSettled = () => queue;
