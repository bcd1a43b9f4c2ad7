/**
 * The sync's own storage: for each renamed record, the last sync that walked its copies (`NAMESYNC#<KIND>#<id>` /
 * `SYNCED`), so that a rename an earlier walk already covered, delivered again or late, is not walked again; and the
 * renamed record's name as it is now, read through its owner's key (sources.ts).
 */
import { conditionalWrite } from '../lib/db/client';
import type { Named } from '../lib/db/copies';
import { getRecord, updateOne } from '../lib/db/records';
import { namedRecordKey } from './sources';

const syncedKey = (named: Named) => ({ pk: `NAMESYNC#${named.kind.toUpperCase()}#${named.id}`, sk: 'SYNCED' });

/** The renamed record's name and version as stored now; undefined when it is gone (removed, in the trash). */
export async function currentName(named: Named): Promise<{ name: string; version: number } | undefined> {
  const found = await getRecord<{ name?: unknown; version?: unknown }>(namedRecordKey(named.kind, named.id), true);
  return found && typeof found.name === 'string'
    ? { name: found.name, version: typeof found.version === 'number' ? found.version : 0 }
    : undefined;
}

/** The last walk of a record's copies: the name it wrote, the record's version it read, and how many walks ran. */
export interface SyncedRecord {
  name: string;
  version: number;
  walks: number;
  at: string;
}

export const lastSync = (named: Named) => getRecord<SyncedRecord>(syncedKey(named), true);

/** Records a finished walk at the named record's `version`, unless one at a later version was recorded already. */
export async function recordSync(named: Named, name: string, version: number, at: string): Promise<void> {
  await conditionalWrite(
    updateOne(syncedKey(named), {
      UpdateExpression: 'SET #name = :name, #version = :version, #at = :at ADD #walks :one',
      ConditionExpression: 'attribute_not_exists(#version) OR #version <= :version',
      ExpressionAttributeNames: { '#name': 'name', '#version': 'version', '#at': 'at', '#walks': 'walks' },
      ExpressionAttributeValues: { ':name': name, ':version': version, ':at': at, ':one': 1 },
    }),
  );
}
