/**
 * The records whose names other rows copy, as the table's stream shows them: an item is one when its `pk`
 * starts with `pkPrefix` and its `sk` is `sk` (a user's sessions and second factor share its partition and are
 * not). Built from the owners' key builders; the stack's event filter and the handler both read this list.
 */
import { categoryKey } from '../category/keys';
import { clientKey } from '../client/keys';
import type { NameChange } from '../lib/renames';
import { userKey } from '../user/keys';

export interface NamedRecord {
  kind: NameChange['kind'];
  pkPrefix: string;
  sk: string;
}

const named = (kind: NameChange['kind'], key: (id: string) => { pk: string; sk: string }): NamedRecord => ({
  kind,
  pkPrefix: key('').pk,
  sk: key('').sk,
});

export const NAMED_RECORDS: readonly NamedRecord[] = [
  named('category', categoryKey),
  named('user', userKey),
  named('client', clientKey),
];

/** The named record an item's keys are, if any. */
export const namedRecordOf = (keys: { pk?: unknown; sk?: unknown }) =>
  NAMED_RECORDS.find((r) => typeof keys.pk === 'string' && keys.pk.startsWith(r.pkPrefix) && keys.sk === r.sk);
