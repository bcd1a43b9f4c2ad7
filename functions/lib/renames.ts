/**
 * Renames of the records whose names other rows copy (categories, users, clients), announced by their services
 * after the write, for whoever brings the copies up to date in this process. In AWS nobody listens: the table's
 * stream runs the name-sync Lambda. The local stack, which has no stream, connects functions/name-sync/trigger.ts
 * here (and sets NAME_SYNC=inline). The hook is in lib because the services cannot import the module doing the
 * work: it reads articles and ads, whose modules read categories (dependencies point down, no folder cycle).
 */
import { processWide } from './process-wide';

export interface NameChange {
  kind: 'category' | 'user' | 'client';
  id: string;
  name: string;
  /**
   * The named record's version once renamed, when known: a sync that ran at this version or later has brought
   * the copies up to date already (functions/name-sync/service.ts).
   */
  version?: number;
}

type Listener = (change: NameChange) => void;

/** Process-wide: in bundle mode the announcing copy of this module is the Lambda bundle's, not the stack's. */
const listeners = processWide('rename-listeners', () => new Set<Listener>());

/** Calls `listener` after every rename announced in this process (once, however often it is added). */
export function whenRenamed(listener: Listener): void {
  listeners.add(listener);
}

/** After a successful write of a named record: tells the listeners (which must not throw) when its name changed. */
export function announceRename(
  kind: NameChange['kind'],
  before: { name: string },
  after: { _id: string; name: string; version: number },
) {
  if (before.name === after.name) return;
  for (const listener of listeners) listener({ kind, id: after._id, name: after.name, version: after.version });
}
