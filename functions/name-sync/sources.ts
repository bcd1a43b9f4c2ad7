/**
 * The records whose names other rows copy, as the table's stream shows them: an item is one when its `pk`
 * starts with `pkPrefix` and its `sk` is `sk` (a user's sessions and second factor share its partition and are
 * not). Built from the owners' key builders; the stack's event filter and the handler both read this list.
 */
import { categoryKey } from '../category/model';
import { clientModel } from '../client/model';
import type { NameChange } from '../lib/renames';
import { userKey } from '../user/model';

export interface NamedRecord {
  kind: NameChange['kind'];
  pkPrefix: string;
  sk: string;
  /** The record's key, for the sync to read its name as it is now. */
  key: (id: string) => { pk: string; sk: string };
}

const named = (kind: NameChange['kind'], key: (id: string) => { pk: string; sk: string }): NamedRecord => ({
  kind,
  pkPrefix: key('').pk,
  sk: key('').sk,
  key,
});

export const NAMED_RECORDS: readonly NamedRecord[] = [
  named('category', categoryKey),
  named('user', userKey),
  named('client', clientModel.key),
];

/** The key of the named record a rename is of. */
export const namedRecordKey = (kind: NameChange['kind'], id: string) =>
  (NAMED_RECORDS.find((r) => r.kind === kind) as NamedRecord).key(id);

/**
 * How renames reach the sync, in AWS the stream mapping's batches (infra/aws/background-jobs.ts) and locally the
 * same (trigger.ts): the renames of up to `size` records gathered for up to `windowSeconds`, each record's last
 * one synced once. Several renames in quick succession are one refresh with the latest name.
 */
export const RENAME_BATCH = { size: 100, windowSeconds: 1 } as const;

/** The named record an item's keys are, if any. */
export const namedRecordOf = (keys: { pk?: unknown; sk?: unknown }) =>
  NAMED_RECORDS.find((r) => typeof keys.pk === 'string' && keys.pk.startsWith(r.pkPrefix) && keys.sk === r.sk);
