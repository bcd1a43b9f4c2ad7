/**
 * An ad's counts, apart from its editable record: the impressions and clicks the site reports, on
 * AD_SERVING.counterShards items an ad (`ADCOUNT#<ad>#<shard>` / `TOTAL`), with a day's roll-up beside each
 * (`DAY#<yyyy-mm-dd>`, UTC, kept AD_SERVING.rollupDays). The ad's save never writes `views` or `clicks`: it can
 * neither reset nor overwrite them.
 *
 * The cap, exactly: each shard holds a `quota`, the shares adding up to the ad's maxImpressionAllowed, and an
 * impression is one UpdateItem `ADD views 1` on a shard whose condition is `views < quota` (and the ad live and
 * the moment shown inside its run). So no shard passes its share and the sum never passes the cap, whatever runs
 * at the same time. A beacon that finds its shard full reads all of them and tries those with room, so the count
 * reaches the cap exactly before any is refused. When the cap changes, the save reads the shards and gives each
 * its count so far plus a share of what is left; a shard whose share shrinks is written only if it has not counted
 * past its new share meanwhile (else the save is tried again from a new read): the shares still add up to the
 * cap, and no shard holds more than its share.
 *
 * Why shards: DynamoDB takes about 1,000 writes a second on one item; an impression writes its shard and its
 * shard's day, so a hot ad's impressions spread over the shards. Plain conditional updates, not transactions:
 * transactions on a hot item cancel each other (TransactionConflict), plain updates of it are applied in turn.
 *
 * A beacon's once-only marks: its token's use (`ADTOKEN#<nonce>`) and the reader's last count of that ad
 * (`ADSEEN#<ad>#<reader>`, VIEW or CLICK), each a conditional write, kept only as long as they matter (TTL).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AD_SERVING } from '../../shared/constants';
import type { AdDay } from '../../shared/schemas/ad-serving';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { batchGet } from '../lib/db/reads';
import { deleteItem, type TransactItem, updateItem, updateOne } from '../lib/db/records';

const SHARDS = AD_SERVING.counterShards;
const shardNumbers = Array.from({ length: SHARDS }, (_, s) => s);

/** Every counter item's partition starts so (the ad-serving Lambda's IAM reach). */
export const COUNTER_PREFIX = 'ADCOUNT#';
export const TOKEN_USE_PREFIX = 'ADTOKEN#';
export const SEEN_PREFIX = 'ADSEEN#';

type ItemKey = { pk: string; sk: string };
const shardPartition = (adId: string, shard: number) => `${COUNTER_PREFIX}${adId}#${shard}`;
const TOTAL = 'TOTAL';
const DAY = 'DAY#';
export const shardKey = (adId: string, shard: number): ItemKey => ({ pk: shardPartition(adId, shard), sk: TOTAL });
const dayKey = (adId: string, shard: number, day: string): ItemKey => ({
  pk: shardPartition(adId, shard),
  sk: `${DAY}${day}`,
});
const tokenUseKey = (nonce: string): ItemKey => ({ pk: `${TOKEN_USE_PREFIX}${nonce}`, sk: 'USE' });
const seenKey = (adId: string, reader: string, what: 'VIEW' | 'CLICK'): ItemKey => ({
  pk: `${SEEN_PREFIX}${adId}#${reader}`,
  sk: what,
});

/** A UTC day, as the roll-ups are keyed. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const epochSeconds = (ms: number) => Math.floor(ms / 1000);

/** What of an ad its counting needs: its cap, its run, and whether it is live (not in the trash). */
export interface CountingState {
  cap: number;
  startDate: string;
  endDate: string;
  live: boolean;
}

/** One shard as stored. */
export interface ShardTotal {
  shard: number;
  views: number;
  clicks: number;
  quota: number;
  startsAt: string;
  endsAt: string;
  live: boolean;
}

function shardOf(item: Record<string, unknown>): ShardTotal {
  const pk = String(item.pk);
  return {
    shard: Number(pk.slice(pk.lastIndexOf('#') + 1)),
    views: Number(item.views ?? 0),
    clicks: Number(item.clicks ?? 0),
    quota: Number(item.quota ?? 0),
    startsAt: String(item.startsAt ?? ''),
    endsAt: String(item.endsAt ?? ''),
    live: item.live === true,
  };
}

/**
 * An update of a counter item, its expressions spelling every attribute `#name` (`views` is one of DynamoDB's
 * reserved words): the names are those the expressions use.
 */
function counterUpdate(update: string, condition: string | undefined, values: Record<string, unknown>) {
  const names: Record<string, string> = {};
  for (const [whole, name] of `${update} ${condition ?? ''}`.matchAll(/#(\w+)/g)) names[whole] = name as string;
  return {
    UpdateExpression: update,
    ...(condition ? { ConditionExpression: condition } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

const adOfPartition = (pk: string) => pk.slice(COUNTER_PREFIX.length, pk.lastIndexOf('#'));

/** The keys of several ads' shards. */
export const shardKeysOf = (adIds: readonly string[]) =>
  adIds.flatMap((id) => shardNumbers.map((s) => shardKey(id, s)));

/** The shards among `items` (read by shardKeysOf, with other items maybe), by ad. */
export function shardsIn(items: readonly Record<string, unknown>[]): Map<string, ShardTotal[]> {
  const byAd = new Map<string, ShardTotal[]>();
  for (const item of items) {
    const pk = String(item.pk);
    if (!pk.startsWith(COUNTER_PREFIX) || item.sk !== TOTAL) continue;
    const id = adOfPartition(pk);
    byAd.set(id, [...(byAd.get(id) ?? []), shardOf(item)]);
  }
  return byAd;
}

/** The shards of several ads, by ad (an ad without counter items has none). */
export async function shardsOf(adIds: readonly string[], consistent = false): Promise<Map<string, ShardTotal[]>> {
  return shardsIn(await batchGet(shardKeysOf(adIds), consistent));
}

/** An ad's counts: the sums over its shards. */
export const totalsOf = (shards: readonly ShardTotal[] = []) => ({
  views: shards.reduce((sum, s) => sum + s.views, 0),
  clicks: shards.reduce((sum, s) => sum + s.clicks, 0),
});

/** The views and clicks of several ads (0 for an ad never counted). */
export async function countsOf(adIds: readonly string[]): Promise<Map<string, { views: number; clicks: number }>> {
  const shards = await shardsOf(adIds);
  return new Map(adIds.map((id) => [id, totalsOf(shards.get(id))]));
}

/**
 * The shares of `cap` for shards that have counted `seen` so far: each keeps its count and gets an even share of
 * what is left (none when the cap is at or below the count). They add up to max(cap, sum of seen).
 */
export function capShares(cap: number, seen: readonly number[]): number[] {
  const left = Math.max(0, cap - seen.reduce((sum, n) => sum + n, 0));
  const base = Math.floor(left / seen.length);
  const extra = left % seen.length;
  return seen.map((n, s) => n + base + (s < extra ? 1 : 0));
}

const stateValues = (state: CountingState) => ({
  ':startsAt': state.startDate,
  ':endsAt': state.endDate,
  ':live': state.live,
  ':zero': 0,
});

/** A failed condition of a save's counter write: counting moved the shard between the read and the write. */
export const isCounterWrite = (item: TransactItem | undefined) =>
  String(item?.Update?.Key?.pk ?? '').startsWith(COUNTER_PREFIX);

/**
 * The writes of a save that moves the ad's counting from `before` (undefined: never set) to `after`, given its
 * shards as just read (consistently): the cap's shares when the cap changes (see above), else the run and liveness
 * when they change, else nothing.
 */
export function countingWrites(
  adId: string,
  before: CountingState | undefined,
  after: CountingState,
  shards: readonly ShardTotal[] | undefined,
): TransactItem[] {
  const read = new Map((shards ?? []).map((s) => [s.shard, s]));
  const complete = read.size === SHARDS;
  if (before && complete && before.cap === after.cap) {
    if (before.startDate === after.startDate && before.endDate === after.endDate && before.live === after.live) {
      return [];
    }
    return shardNumbers.map((s) =>
      updateItem(
        shardKey(adId, s),
        counterUpdate('SET #startsAt = :startsAt, #endsAt = :endsAt, #live = :live', undefined, {
          ':startsAt': after.startDate,
          ':endsAt': after.endDate,
          ':live': after.live,
        }),
      ),
    );
  }
  const seen = shardNumbers.map((s) => read.get(s)?.views ?? 0);
  const shares = capShares(after.cap, seen);
  return shardNumbers.map((s) => {
    const current = read.get(s);
    const quota = shares[s] as number;
    // A shard whose share shrinks must not have counted past it since the read; one that grows needs no check.
    const condition = !complete
      ? 'attribute_not_exists(#views) OR #views = :seen'
      : quota < (current?.quota ?? 0)
        ? '#views <= :quota'
        : undefined;
    return updateItem(
      shardKey(adId, s),
      counterUpdate(
        'SET #quota = :quota, #startsAt = :startsAt, #endsAt = :endsAt, #live = :live, ' +
          '#views = if_not_exists(#views, :zero), #clicks = if_not_exists(#clicks, :zero)',
        condition,
        { ...stateValues(after), ':quota': quota, ...(condition?.includes(':seen') ? { ':seen': seen[s] } : {}) },
      ),
    );
  });
}

/** The trash's writes: counting stops while the ad is in the trash, and starts again when it is restored. */
export const livenessWrites = (adId: string, live: boolean): TransactItem[] =>
  shardNumbers.map((s) =>
    updateItem(shardKey(adId, s), counterUpdate('SET #live = :live', undefined, { ':live': live })),
  );

/** A purge's writes: the shards go (their days expire on their own). */
export const purgeWrites = (adId: string): TransactItem[] => shardNumbers.map((s) => deleteItem(shardKey(adId, s)));

/** A beacon's outcome. */
export type CountOutcome = 'counted' | 'replayed' | 'repeat' | 'capped' | 'closed';

/** What a beacon counts: the ad, the token's nonce and time, the reader (a keyed hash), now. */
export interface Beacon {
  adId: string;
  nonce: string;
  /** When the decision was made (epoch ms): the impression is inside the run if this moment is. */
  shownAt: number;
  /** When the token's marks may go (epoch ms): after its click could no longer count. */
  keepUntil: number;
  reader: string;
  now: number;
}

/** Marks the token's use for `what`; false when it was used for it already. */
const spendToken = (b: Beacon, what: 'impressed' | 'clicked') =>
  conditionalWrite(
    updateOne(tokenUseKey(b.nonce), {
      UpdateExpression: 'SET #what = :now, expiresAt = if_not_exists(expiresAt, :expires)',
      ConditionExpression: 'attribute_not_exists(#what)',
      ExpressionAttributeNames: { '#what': what },
      ExpressionAttributeValues: { ':now': b.now, ':expires': epochSeconds(b.keepUntil) },
    }),
  );

/** Marks the reader as counted for `what` until `repeatSeconds` from now; false when they were within it. */
const markReader = (b: Beacon, what: 'VIEW' | 'CLICK', repeatSeconds: number) =>
  conditionalWrite(
    updateOne(seenKey(b.adId, b.reader, what), {
      UpdateExpression: 'SET #until = :until, expiresAt = :expires',
      ConditionExpression: 'attribute_not_exists(#until) OR #until <= :now',
      ExpressionAttributeNames: { '#until': 'until' },
      ExpressionAttributeValues: {
        ':until': b.now + repeatSeconds * 1000,
        ':now': b.now,
        ':expires': epochSeconds(b.now + repeatSeconds * 1000) + 60,
      },
    }),
  );

/**
 * The two marks that make a count once-only, side by side: the token's use for `use` and the reader's `what` for
 * `repeatSeconds`. `replayed` or `repeat` when one was there already (both are made either way), else undefined.
 */
async function onceOnly(
  b: Beacon,
  use: 'impressed' | 'clicked',
  what: 'VIEW' | 'CLICK',
  repeatSeconds: number,
): Promise<'replayed' | 'repeat' | undefined> {
  const [fresh, first] = await Promise.all([spendToken(b, use), markReader(b, what, repeatSeconds)]);
  return !fresh ? 'replayed' : !first ? 'repeat' : undefined;
}

/** Adds `by` (1, or -1 to take back one added for a count that failed) to the shard's day: what reports read. */
const addToDay = (b: Beacon, shard: number, what: 'views' | 'clicks', by: 1 | -1 = 1) =>
  updateOne(dayKey(b.adId, shard, dayOf(b.now)), {
    UpdateExpression: 'ADD #what :by SET expiresAt = if_not_exists(expiresAt, :expires)',
    ExpressionAttributeNames: { '#what': what },
    ExpressionAttributeValues: { ':by': by, ':expires': epochSeconds(b.now) + AD_SERVING.rollupDays * 86_400 },
  });

/**
 * A conditional count on a shard with its day's roll-up written beside it, at the same time (one round trip, not
 * two), and taken back when the count's condition failed. The lifetime count is the exact one: should a Lambda die
 * between the two, a day would show one more than was counted.
 */
async function countWithDay(b: Beacon, shard: number, what: 'views' | 'clicks', count: Promise<boolean>) {
  const [counted] = await Promise.all([count, addToDay(b, shard, what)]);
  if (!counted) await addToDay(b, shard, what, -1);
  return counted;
}

/** One impression on `shard`, if it has room and the ad is live and was shown inside its run. */
const countOn = (b: Beacon, shard: number) =>
  conditionalWrite(
    updateOne(
      shardKey(b.adId, shard),
      counterUpdate(
        'ADD #views :one',
        '#live = :live AND #views < #quota AND #startsAt <= :shown AND #endsAt > :shown',
        { ':one': 1, ':live': true, ':shown': new Date(b.shownAt).toISOString() },
      ),
    ),
  );

const shuffled = <T>(items: T[]) => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
};

/**
 * Counts one impression: once a token (`replayed` after), once a reader and ad within AD_SERVING.repeatViewSeconds
 * (`repeat`), never past the cap (`capped`) nor for an ad out of its run or in the trash (`closed`).
 */
export async function countImpression(b: Beacon): Promise<CountOutcome> {
  const refused = await onceOnly(b, 'impressed', 'VIEW', AD_SERVING.repeatViewSeconds);
  if (refused) return refused;
  const first = Math.floor(Math.random() * SHARDS);
  if (await countWithDay(b, first, 'views', countOn(b, first))) return 'counted';
  // Its shard is full (or the ad closed): the others with room, in a random order, from a consistent read.
  const shards = (await shardsOf([b.adId], true)).get(b.adId) ?? [];
  const shownAt = new Date(b.shownAt).toISOString();
  const open = shards.filter((s) => s.live && s.startsAt <= shownAt && s.endsAt > shownAt);
  if (open.length === 0) return 'closed';
  for (const s of shuffled(open.filter((s) => s.views < s.quota && s.shard !== first))) {
    if (await countWithDay(b, s.shard, 'views', countOn(b, s.shard))) return 'counted';
  }
  return 'capped';
}

/**
 * Counts one click: once a token, once a reader and ad within AD_SERVING.repeatClickSeconds; `closed` when the ad
 * has no counters (never saved since they began, or purged).
 */
export async function countClick(b: Beacon): Promise<CountOutcome> {
  const refused = await onceOnly(b, 'clicked', 'CLICK', AD_SERVING.repeatClickSeconds);
  if (refused) return refused;
  const shard = Math.floor(Math.random() * SHARDS);
  const count = conditionalWrite(
    updateOne(shardKey(b.adId, shard), counterUpdate('ADD #clicks :one', 'attribute_exists(#quota)', { ':one': 1 })),
  );
  return (await countWithDay(b, shard, 'clicks', count)) ? 'counted' : 'closed';
}

/** An ad's days from `from` to `to` (UTC, both included) that counted anything, oldest first. */
export async function daysOf(adId: string, from: string, to: string): Promise<AdDay[]> {
  const byDay = new Map<string, AdDay>();
  await Promise.all(
    shardNumbers.map(async (s) => {
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': shardPartition(adId, s),
              ':from': `${DAY}${from}`,
              ':to': `${DAY}${to}`,
            },
            ExclusiveStartKey: start,
          }),
        );
        for (const item of out.Items ?? []) {
          const day = String(item.sk).slice(DAY.length);
          const sum = byDay.get(day) ?? { day, views: 0, clicks: 0 };
          sum.views += Number(item.views ?? 0);
          sum.clicks += Number(item.clicks ?? 0);
          byDay.set(day, sum);
        }
        start = out.LastEvaluatedKey;
      } while (start);
    }),
  );
  // A day whose only additions were taken back (counts that failed) counted nothing.
  return [...byDay.values()].filter((d) => d.views > 0 || d.clicks > 0).sort((a, b) => a.day.localeCompare(b.day));
}
