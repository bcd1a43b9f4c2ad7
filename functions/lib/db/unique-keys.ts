/**
 * Moving uniqueness items (putUnique) to a new key rule: the role names and slugs written before look-alike keys
 * (lib/lookalike.ts) sit under their old key, which no write checks any more. A pass reads every record that holds
 * one (live, and in the trash where slugs stay taken) and, where the keys differ, puts the new item (unless another
 * record holds it: two records that already look alike are reported and left as they were) and deletes the old one,
 * in one transaction per record. Idempotent; run by `npm run migrate:search-index` and at `npm start`. Repos give
 * their partitions and keys: this module knows none.
 */
import { isConditionFailure, tableName } from './client';
import { type PartitionQuery, queryOnePage } from './paging';
import { batchGet, type TransactItem, transact } from './records';

type ItemKey = { pk: string; sk: string };

/** One record's uniqueness item under the old rule and the new one, and the attribute naming its owner. */
export interface UniqueKeyMove {
  id: string;
  from: ItemKey;
  to: ItemKey;
  owner: string;
}

export interface UniqueKeyMoves {
  /** What the report calls them (`role names`). */
  name: string;
  /** The partitions listing every record that holds such an item. */
  listings: PartitionQuery[];
  /** The move of a listed item's record; undefined for an item that holds none. */
  moveOf: (item: Record<string, unknown>) => UniqueKeyMove | undefined;
}

const owned = (move: UniqueKeyMove) => ({
  ConditionExpression: 'attribute_not_exists(pk) OR #owner = :id',
  ExpressionAttributeNames: { '#owner': move.owner },
  ExpressionAttributeValues: { ':id': move.id },
});

/** Moves every item still under its old key; returns how many moved and the ids left because they look alike. */
export async function rekeyUnique(moves: UniqueKeyMoves): Promise<{ moved: number; clashes: string[] }> {
  let moved = 0;
  const clashes: string[] = [];
  for (const listing of moves.listings) {
    let start: Record<string, unknown> | undefined;
    do {
      const out = await queryOnePage(listing, start, 100);
      const pending = (out.Items ?? [])
        .map(moves.moveOf)
        .filter((move): move is UniqueKeyMove => !!move && move.from.pk !== move.to.pk);
      // Only what is still under its old key: a run again reads, and writes, nothing for the rest.
      const left = new Set(
        (
          await batchGet(
            pending.map((move) => move.from),
            true,
          )
        ).map((item) => String(item.pk)),
      );
      for (const move of pending.filter((m) => left.has(m.from.pk))) {
        const writes: TransactItem[] = [
          { Put: { TableName: tableName(), Item: { ...move.to, [move.owner]: move.id }, ...owned(move) } },
          { Delete: { TableName: tableName(), Key: move.from, ...owned(move) } },
        ];
        try {
          await transact(writes);
          moved++;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
          clashes.push(move.id);
        }
      }
      start = out.LastEvaluatedKey;
    } while (start);
  }
  return { moved, clashes };
}
