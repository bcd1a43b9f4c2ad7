/**
 * Ads served (CONTRACT.md §7 Ads): the decision, the impression beacon and the click.
 *
 * The decision. Eligible: an ad not in the trash, running now (start ≤ now < end), of the slot's position, with an
 * image for the screen (positions other than Top show their Mobile image on both), targeting the page's category
 * when one is given, marked Show in Home when `home=true`, its cap not reached. Pacing: an ad more than a small
 * allowance (AD_SERVING.paceSlackShare of its cap, at least one) ahead of an even pace (its cap spread evenly over
 * its run) is held back; among the rest, one is drawn with a chance in proportion to what it still needs a
 * millisecond (impressions left over time left), so a flight behind its pace catches up and none is spent in its
 * first hour. No ad due: 204.
 *
 * Its cost: one consistent BatchGet of the counters of the AD_SERVING.candidatesChecked ads drawn first (their
 * count, cap, run and trash state as of now) and the list's change mark, and a second only when none of those is
 * due. The ads not ended are read again (one Query) when the mark moved, or after AD_SERVING.runningListSeconds;
 * a page's category slug is resolved once as long.
 * Its answer carries a one-use token, so it is never cached (`private, no-store`): a cached answer would give many
 * readers one token, and only the first impression would count.
 */

import { CONTENT_BASE } from '../../shared/addresses';
import { AD_SERVING } from '../../shared/constants';
import {
  AD_SERVING_MESSAGES,
  type AdDecisionQuery,
  type AdImpressionResult,
  type PublicAd,
} from '../../shared/schemas/ad-serving';
import type { ScreenType } from '../../shared/schemas/advertisement';
import {
  type Beacon,
  countClick,
  countImpression,
  type ShardTotal,
  shardKeysOf,
  shardsIn,
  totalsOf,
} from '../advertisement/counters';
import { clock } from '../lib/clock';
import { batchGet, getRecord } from '../lib/db/reads';
import { badRequest, conflict, notFound } from '../lib/errors';
import { reply } from '../lib/http';
import { errorFields, logger } from '../lib/observability';
import { adsChangedKey, type PublishedAd, publishedAdKey, publishedAdOf, unendedAds } from '../published/ads';
import { DOCS } from '../published/keys';
import { readDoc } from '../published/reads';
import { isRobot, readerOf } from './readers';
import { adTokenSecret, checkAdToken, signAdToken } from './token';

const NOT_CACHED = { 'cache-control': 'private, no-store' };
/** The longest a decision Lambda trusts its list without a sign of change (published/ads.ts, adsChangedKey). */
const LIST_MS = AD_SERVING.runningListSeconds * 1000;
/** A list older than this is checked for change (one small read) before a decision answers "no ad". */
const RECHECK_MS = 1000;

interface RunningList {
  at: number;
  ads: PublishedAd[];
  /** The partition's change mark as read with the list. */
  mark: string;
}
let running: RunningList | undefined;

const markOf = (item: Record<string, unknown> | undefined) => String(item?.change ?? '');

/** One read of the list at a time: decisions that find it stale together share it. */
let reading: Promise<RunningList> | undefined;

function readList(now: number): Promise<RunningList> {
  reading ??= (async () => {
    try {
      const [ads, mark] = await Promise.all([
        unendedAds(new Date(now).toISOString()),
        getRecord<Record<string, unknown>>(adsChangedKey(), true),
      ]);
      running = { at: now, ads, mark: markOf(mark) };
      return running;
    } finally {
      reading = undefined;
    }
  })();
  return reading;
}

/** Whether something read at `at` is older than `ms` at `now` (or from a later moment: a clock set back). */
const olderThan = (at: number, ms: number, now: number) => now - at >= ms || now < at;

/** The ads not ended, as last read (again when older than AD_SERVING.runningListSeconds). */
const unended = (now: number) => (running && !olderThan(running.at, LIST_MS, now) ? running : readList(now));

/** Published categories' ids by slug: a slug found is kept as long as the list, one not found a second. */
const categories = new Map<string, { at: number; id: string | undefined }>();
const CATEGORIES_MAX = 1000;

async function categoryId(slug: string, now: number): Promise<string | undefined> {
  const known = categories.get(slug);
  if (known && !olderThan(known.at, known.id ? LIST_MS : RECHECK_MS, now)) return known.id;
  const doc = await readDoc(DOCS.category(slug));
  let id: string | undefined;
  if (doc) {
    const parsed = JSON.parse(doc.json) as { id?: unknown };
    id = typeof parsed.id === 'string' ? parsed.id : undefined;
  }
  if (categories.size >= CATEGORIES_MAX) categories.delete(categories.keys().next().value as string);
  categories.set(slug, { at: now, id });
  return id;
}

/** The image an ad shows on `screen`. */
const imageFor = (ad: PublishedAd, screen: ScreenType) =>
  screen === 'Desktop' ? (ad.images.Desktop ?? ad.images.Mobile) : ad.images.Mobile;

/** The srcset of the image an ad shows on `screen`, when it has renditions. */
function srcSetFor(ad: PublishedAd, screen: ScreenType): { srcset?: string } {
  const srcset = screen === 'Desktop' ? (ad.srcsets?.Desktop ?? ad.srcsets?.Mobile) : ad.srcsets?.Mobile;
  return srcset ? { srcset } : {};
}

/** How far along its run an ad is at `now`, from 0 to 1. */
const elapsed = (ad: { startDate: string; endDate: string }, now: number) => {
  const start = Date.parse(ad.startDate);
  const end = Date.parse(ad.endDate);
  return Math.min(1, Math.max(0, (now - start) / Math.max(1, end - start)));
};

/** Whether an ad with `views` counted is no more than the allowance ahead of an even pace at `now`. */
export function withinPace(ad: { startDate: string; endDate: string; cap: number }, views: number, now: number) {
  const slack = Math.max(1, Math.ceil(ad.cap * AD_SERVING.paceSlackShare));
  // Showing it makes one more: that one, too, must be within the allowance.
  return views < ad.cap && views + 1 <= ad.cap * elapsed(ad, now) + slack;
}

/** What an ad still needs a millisecond: impressions left over time left. */
const need = (ad: PublishedAd, views: number, now: number) =>
  Math.max(0, ad.cap - views) / Math.max(1, Date.parse(ad.endDate) - now);

/** The items drawn in order, each with a chance in proportion to its weight (weighted sampling without replacement). */
function drawOrder<T>(items: readonly T[], weight: (item: T) => number): T[] {
  // Efraimidis–Spirakis, in logarithms: U^(1/w) underflows to 0 for the tiny weights here (impressions a ms).
  return items
    .map((item) => ({ item, rank: Math.log(1 - Math.random()) / Math.max(weight(item), Number.MIN_VALUE) }))
    .sort((a, b) => b.rank - a.rank)
    .map((x) => x.item);
}

/** Whether an ad's counters say it may be shown at `now`: live, inside its run, under its cap and its pace. */
function dueNow(ad: PublishedAd, shards: readonly ShardTotal[] | undefined, now: number): boolean {
  if (!shards || shards.length !== AD_SERVING.counterShards) return false;
  const at = new Date(now).toISOString();
  if (!shards.every((s) => s.live && s.startsAt <= at && s.endsAt > at)) return false;
  const cap = shards.reduce((sum, s) => sum + s.quota, 0);
  return withinPace({ ...ad, cap }, totalsOf(shards).views, now);
}

/** Counts the last decision saw of each ad (an ad not read lately counts as none). */
const lastSeen = new Map<string, { at: number; views: number }>();
const LAST_SEEN_MAX = 10_000;

/** The eligible ads of a slot in the list, in the order they are tried. */
function candidates(list: RunningList, q: AdDecisionQuery, category: string | undefined, now: number) {
  const at = new Date(now).toISOString();
  const eligible = list.ads.filter(
    (ad) =>
      ad.position === q.position &&
      ad.startDate <= at &&
      ad.endDate > at &&
      imageFor(ad, q.screen) &&
      (q.home !== 'true' || ad.home) &&
      (!category || ad.categories.includes(category)),
  );
  const viewsOf = (ad: PublishedAd) => {
    const seen = lastSeen.get(ad.id);
    return seen && !olderThan(seen.at, LIST_MS, now) ? seen.views : 0;
  };
  return drawOrder(
    eligible.filter((ad) => withinPace(ad, viewsOf(ad), now)),
    (ad) => need(ad, viewsOf(ad), now),
  );
}

/**
 * The first of `order` whose counters, read now (one BatchGet of AD_SERVING.candidatesChecked ads, with the list's
 * change mark), say it is due; or the mark, when the list changed since it was read.
 */
async function firstDue(list: RunningList, order: PublishedAd[], now: number, heedMark: boolean) {
  const checked = AD_SERVING.candidatesChecked;
  for (let round = 0; round < 2; round++) {
    const drawn = order.slice(round * checked, (round + 1) * checked);
    if (drawn.length === 0) break;
    const items = await batchGet([...shardKeysOf(drawn.map((ad) => ad.id)), adsChangedKey()], true);
    const mark = markOf(items.find((item) => item.pk === adsChangedKey().pk && item.sk === adsChangedKey().sk));
    const shards = shardsIn(items);
    if (lastSeen.size > LAST_SEEN_MAX) lastSeen.clear();
    for (const ad of drawn) lastSeen.set(ad.id, { at: now, views: totalsOf(shards.get(ad.id)).views });
    // A list that changed since it was read may hold a new ad, or new images or links: read it again first.
    if (heedMark && mark !== list.mark) return { mark };
    const chosen = drawn.find((ad) => dueNow(ad, shards.get(ad.id), now));
    if (chosen) return { chosen };
  }
  return {};
}

/** The ad to show in a slot, or 204. */
export async function decide(q: AdDecisionQuery): Promise<ReturnType<typeof reply<PublicAd>>> {
  const now = clock.now();
  const [first, category] = await Promise.all([
    unended(now),
    q.category ? categoryId(q.category, now) : Promise.resolve(undefined),
  ]);
  if (q.category && !category) return reply<PublicAd>(204, undefined, NOT_CACHED);
  let list = first;
  for (let attempt = 0; attempt < 2; attempt++) {
    // The list read again is taken as it is, even if the ads changed once more meanwhile.
    const found = await firstDue(list, candidates(list, q, category, now), now, attempt === 0);
    if (found.chosen) return reply(200, await shown(found.chosen, q.screen, now), NOT_CACHED);
    // No ad due: unless the list changed since it was read, that is the answer.
    const mark =
      found.mark ??
      (attempt === 0 && olderThan(list.at, RECHECK_MS, now)
        ? markOf(await getRecord(adsChangedKey(), true))
        : list.mark);
    if (mark === list.mark) break;
    list = await readList(now);
  }
  return reply<PublicAd>(204, undefined, NOT_CACHED);
}

async function shown(ad: PublishedAd, screen: ScreenType, now: number): Promise<PublicAd> {
  const token = signAdToken(ad.id, now, await adTokenSecret());
  return {
    id: ad.id,
    position: ad.position,
    image: { url: imageFor(ad, screen) as string, alt: ad.title, screen, ...srcSetFor(ad, screen) },
    impressionToken: token,
    click: ad.target ? `${CONTENT_BASE}/ads/${ad.id}/click?t=${encodeURIComponent(token)}` : null,
  };
}

/** A token checked, or the refusal a caller is told. */
function tokenOrRefusal(text: string, secret: string, now: number, maxAgeSeconds: number) {
  const check = checkAdToken(text, secret, now, maxAgeSeconds);
  if (check.ok) return check.token;
  throw badRequest(check.why === 'expired' ? AD_SERVING_MESSAGES.expired : AD_SERVING_MESSAGES.token);
}

/** The reader of a request: their counting identity and whether they are a robot. */
interface Reader {
  ip: string;
  userAgent: string;
}

/** POST /content/v1/ads/impression: counts the shown ad once (see counters.ts for how the cap stays exact). */
export async function impression(token: string, reader: Reader): Promise<AdImpressionResult> {
  const now = clock.now();
  const secret = await adTokenSecret();
  const claims = tokenOrRefusal(token, secret, now, AD_SERVING.impressionTokenSeconds);
  if (isRobot(reader.userAgent)) return { counted: false, reason: 'bot' };
  const outcome = await countImpression(beaconOf(claims, reader, secret, now));
  if (outcome === 'replayed') throw conflict(AD_SERVING_MESSAGES.replayed);
  return outcome === 'counted' ? { counted: true } : { counted: false, reason: outcome };
}

function beaconOf(
  claims: { adId: string; nonce: string; shownAt: number },
  reader: Reader,
  secret: string,
  now: number,
): Beacon {
  return {
    adId: claims.adId,
    nonce: claims.nonce,
    shownAt: claims.shownAt,
    keepUntil: claims.shownAt + AD_SERVING.clickTokenSeconds * 1000 + 3_600_000,
    reader: readerOf(reader.ip, reader.userAgent, secret),
    now,
  };
}

/**
 * GET /content/v1/ads/{id}/click: 302 to the ad's own stored link, taken from its published item by the path's id,
 * never from the query. Counted when the token is this ad's, fresh (AD_SERVING.clickTokenSeconds), its first click,
 * and the reader's first on this ad in a day, and not a robot's; the reader goes to the ad's link whatever the count.
 * An ad in the trash, ended more than a day ago, or without a link: 404.
 */
export async function click(id: string, token: string, reader: Reader): Promise<ReturnType<typeof reply<never>>> {
  const item = await getRecord<Record<string, unknown>>(publishedAdKey(id));
  const ad = item ? publishedAdOf({ ...item, id }) : undefined;
  if (!ad?.target) throw notFound(AD_SERVING_MESSAGES.noAd);
  const now = clock.now();
  const secret = await adTokenSecret();
  const check = checkAdToken(token, secret, now, AD_SERVING.clickTokenSeconds);
  if (check.ok && check.token.adId === id && !isRobot(reader.userAgent)) {
    try {
      await countClick(beaconOf(check.token, reader, secret, now));
    } catch (error) {
      // A count that failed must not keep the reader from the advertiser's page; the log says it was lost.
      logger().error('ad click not counted', { adId: id, error: errorFields(error) });
    }
  }
  return reply<never>(302, undefined, { ...NOT_CACHED, location: ad.target });
}
