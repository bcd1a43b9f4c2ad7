/**
 * What a removable resource says about itself, once, in its own folder's trash.ts (a `Trashable`): its keys and
 * item, its counters, its title-index collection, the references that must not dangle and its unique items.
 * Everything else about the trash is the same for every resource (to-trash.ts, from-trash.ts, purge.ts).
 */
import type { TrashTargetType } from '../../shared/audit';
import { type AccessSubject, REMOVE_OWN_ONLY, type Resource, removesOwnOnly } from '../../shared/permissions';
import type { NamedRef } from '../../shared/schemas/common';
import type { Actor } from '../audit/record';
import { clock } from '../lib/clock';
import type { Entity } from '../lib/db/entity';
import type { TransactItem } from '../lib/db/records';
import { forbidden } from '../lib/errors';
import type { IndexedCollection } from '../search/writes';

export type ItemKey = { pk: string; sk: string };

/** A record that can go to the trash: an id, a version, and (for titles in the index) whether it is indexed. */
export interface TrashableRecord {
  _id: string;
  version: number;
  searchIndexed?: boolean | number;
  searchIndexVersion?: number;
}

/** Who asks for a move: named in the record's history, checked against what they hold. */
export type Remover = Actor & AccessSubject;

/** When and by whom a move happens (the sweeper acts as nobody). */
export interface TrashMove {
  at: string;
  by: NamedRef | null;
  /** Whose permissions decide which records they may move (null: the sweeper). */
  remover: Remover | null;
}

/** A move made now by `actor`. */
export const trashMove = (actor: Remover | null): TrashMove => ({
  at: clock.iso(),
  by: actor ? { _id: actor._id, name: actor.name } : null,
  remover: actor,
});

/** Remove follows Edit and Edit:own (shared/permissions.ts, removesOwnOnly). */
export function assertMayRemove<R extends TrashableRecord>(kind: Trashable<R>, record: R, remover: Remover | null) {
  const owned = kind.ownership;
  if (!owned || !remover) return;
  if (removesOwnOnly(remover, owned.resource) && owned.ownerOf(record) !== remover._id) {
    throw forbidden(REMOVE_OWN_ONLY(owned.noun));
  }
}

/** How one resource goes to the trash and back: everything that differs between resources. */
export interface Trashable<R extends TrashableRecord> {
  /** The entity's name in keys and counters (`CMS`, `CATEGORY` …). */
  entity: string;
  /** What the audit trail calls it. */
  auditType: TrashTargetType;
  /** The 404 text for an id that is not (or no longer) there. */
  notFoundMessage: string;
  /** The live item's key. */
  key: (id: string) => ItemKey;
  /** The live item as stored, its list keys included. */
  itemOf: (record: R) => Record<string, unknown>;
  /** Its collection in the title index, when its titles are searched. */
  indexed?: IndexedCollection<R>;
  /** The name the trash list shows. */
  titleOf: (record: R) => string;
  /** For resources with Edit:own: the grid it is granted on, who owns a record, and what the records are called. */
  ownership?: { resource: Resource; ownerOf: (record: R) => string | undefined; noun: string };
  /**
   * What the move must read first: refuses (badRequest) what it can tell before writing (an active menu, a
   * category's sub-categories), and returns the conditions its transaction must still find true (those
   * sub-categories still in the trash), so that no check rests on a read alone.
   */
  checkTrash?: (record: R) => Promise<TransactItem[]>;
  /** Written with the move to the trash: list counters out, references closed, a history entry. */
  leaving: (record: R, move: TrashMove) => TransactItem[];
  /** The record as it comes back (marks such as "its counters count it"). */
  restored?: (record: R) => R;
  /**
   * Written with the restore: the inverse of `leaving`, the unique items claimed again, and the conditions the
   * record comes back on (its parent live), each `refusing` with its message.
   */
  returning: (record: R, move: TrashMove) => TransactItem[];
  /** Written when it is deleted for good: its unique items. */
  purging: (record: R) => TransactItem[];
  /**
   * What Delete now and the sweeper must read first: refuses (badRequest) a record others still name (a category a
   * menu or an ad named before the trash refused that), before anything is deleted.
   */
  checkPurge?: (record: R) => Promise<void>;
  /** After the move to the trash, outside its transaction (the home page's slots). */
  afterTrash?: (record: R) => Promise<void>;
}

/** What a model says about its records in the trash, when its entity (lib/db/entity.ts) gives the rest. */
export type TrashSpec<R extends TrashableRecord> = Omit<
  Trashable<R>,
  'entity' | 'key' | 'itemOf' | 'leaving' | 'returning' | 'purging'
> &
  Partial<Pick<Trashable<R>, 'leaving' | 'returning' | 'purging'>>;

/**
 * The Trashable of a model's entity: its keys and item from the entity; by default the list counter is all that
 * moves (out on leaving, back on returning) and nothing else is deleted for good. `leaving` and `returning`, when
 * given, are written besides the counter's move.
 */
export function trashableEntity<R extends TrashableRecord>(entity: Entity<R>, spec: TrashSpec<R>): Trashable<R> {
  return {
    ...spec,
    entity: entity.name,
    key: entity.key,
    itemOf: entity.itemOf,
    leaving: (record, move) => [entity.counted(-1), ...(spec.leaving?.(record, move) ?? [])],
    returning: (record, move) => [entity.counted(1), ...(spec.returning?.(record, move) ?? [])],
    purging: (record) => spec.purging?.(record) ?? [],
  };
}
