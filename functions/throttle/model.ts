/**
 * Sign-in throttling that nobody can turn against an account's owner (functions/README.md, "Throttling").
 *
 * Every attempt is charged BEFORE the password or code is compared, in one DynamoDB transaction conditioned on
 * the exact counter values just read: of parallel attempts at the same count only one is charged, the others
 * get 429 without a comparison, so no burst can test more than the allowance. A counter allows `free` attempts;
 * then each further attempt waits 1 s, 2 s, 4 s … up to AUTH.maxDelaySeconds after the previous one (growing
 * delays, no lock-out window). A counter with no attempt for AUTH.failureWindowSeconds starts from zero.
 *
 * Counters: `limit` counters (per (IP, email), per device, per sign-in challenge, per user for password
 * re-entry) count attempts and are reset by a success; `refundable` counters (per email over all IPs) are charged
 * the same way but a success takes its charge back, so they count failures only; `budget` counters (the daily
 * code budgets) count failures too, without delays, and once full refuse everything until their fixed window
 * ends; a `distinct` counter (per IP) counts the emails failed from it, and once full refuses only new emails
 * from that IP. It is added to outside the transaction, atomically and bounded, so parallel sign-ins of different
 * people from one office address never refuse each other.
 *
 * Storage: one item a counter (pk LOGINFAIL#<kind>#<who>, sk LOGINFAIL; throttleKeys) holding `fails`,
 * `allowedAt` (epoch ms) and `expiresAt` (epoch seconds, the table's TTL attribute, so idle counters vanish).
 *
 * A refusal is audited (`signInThrottled`): one entry per refusing counter per hour, with a count.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH } from '../../shared/constants';
import { recordThrottled } from '../audit/throttled';
import { clock } from '../lib/clock';
import { conditionalWrite, db, isConditionFailure } from '../lib/db/client';
import { batchGet, type ItemUpdate, type TransactItem, updateItem, updateOne } from '../lib/db/records';
import { tooManyRequests } from '../lib/errors';

/**
 * The counters' keys: per (IP, email), per email across all IPs, per IP the distinct emails failed from it, per
 * device cookie; for second-factor codes per sign-in challenge and the daily budgets (per user, per device); per
 * user for password re-entry.
 */
export const throttleKeys = {
  pair: (ip: string, email: string) => ({ pk: `LOGINFAIL#PAIR#${ip}#${email.toLowerCase()}`, sk: 'LOGINFAIL' }),
  email: (email: string) => ({ pk: `LOGINFAIL#EMAIL#${email.toLowerCase()}`, sk: 'LOGINFAIL' }),
  ipEmails: (ip: string) => ({ pk: `LOGINFAIL#IP#${ip}`, sk: 'LOGINFAIL' }),
  device: (deviceId: string) => ({ pk: `LOGINFAIL#DEVICE#${deviceId}`, sk: 'LOGINFAIL' }),
  challenge: (challengeId: string) => ({ pk: `LOGINFAIL#CHALLENGE#${challengeId}`, sk: 'LOGINFAIL' }),
  codes: (userId: string) => ({ pk: `LOGINFAIL#CODEDAY#${userId}`, sk: 'LOGINFAIL' }),
  deviceCodes: (deviceId: string) => ({ pk: `LOGINFAIL#CODEDAY#DEVICE#${deviceId}`, sk: 'LOGINFAIL' }),
  reentry: (userId: string) => ({ pk: `LOGINFAIL#REENTRY#${userId}`, sk: 'LOGINFAIL' }),
};

type Key = { pk: string; sk: string };

export interface Counter {
  key: Key;
  kind: 'limit' | 'refundable' | 'budget' | 'distinct';
  /** Attempts allowed before delays begin (for `budget`: at all in its window; for `distinct`: how many emails). */
  free: number;
  /** For `distinct`: the (IP, email) counter whose first charge adds an email. */
  member?: Key;
  /** For `budget`: its fixed window, from its first charge (else AUTH.failureWindowSeconds after the last). */
  windowSeconds?: number;
  /** What it counts, in words, for the audit entry of its refusals. */
  label: string;
}

/** Who an attempt was for, for the audit entry of a refusal (recordThrottled). */
export interface AttemptContext {
  ip: string;
  email?: string;
  actorId?: string;
  actorName?: string;
}

interface Stored {
  pk: string;
  fails?: number;
  allowedAt?: number;
  expiresAt?: number;
}

export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts; please wait and try again';

/** A signed-in user re-entering their password (a sensitive change): attempts, reset by a success. */
export const reentryCounter = (userId: string): Counter => ({
  key: throttleKeys.reentry(userId),
  kind: 'limit',
  free: AUTH.freeFailures,
  label: 'Password re-entries of this user',
});

/** One sign-in challenge's codes: growing delays that slow only whoever holds that challenge. */
export const challengeCounter = (challengeId: string): Counter => ({
  key: throttleKeys.challenge(challengeId),
  kind: 'limit',
  free: AUTH.freeCodesPerChallenge,
  label: 'Codes tried with one sign-in challenge',
});

/**
 * The daily budget of wrong authenticator codes an attempt is charged to: the budget of the browser when it holds
 * a device cookie this user earned since turning two-factor on (`trustedDeviceId`), else the one budget every
 * other browser shares. A guesser holding the password has only the shared one; the owner's known browser keeps
 * its own, so the guesser cannot lock the owner out.
 */
export const codeBudgetCounter = (userId: string, trustedDeviceId?: string): Counter =>
  trustedDeviceId
    ? {
        key: throttleKeys.deviceCodes(trustedDeviceId),
        kind: 'budget',
        free: AUTH.codeFailuresPerWindowPerDevice,
        windowSeconds: AUTH.codeWindowSeconds,
        label: 'Wrong codes from a browser known to this user, per day',
      }
    : {
        key: throttleKeys.codes(userId),
        kind: 'budget',
        free: AUTH.codeFailuresPerWindow,
        windowSeconds: AUTH.codeWindowSeconds,
        label: 'Wrong codes from browsers not known to this user, per day',
      };

/** Seconds the attempt after the n-th charged one must wait. */
export function delayAfter(n: number, free: number): number {
  if (n < free) return 0;
  return Math.min(2 ** (n - free), AUTH.maxDelaySeconds);
}

const keyText = (k: Key) => `${k.pk}\u0000${k.sk}`;

/** What a charge took, for undoing it after a success (see settle). */
export interface Charge {
  counters: Counter[];
  /** Keys of `distinct` counters this attempt added an email to. */
  addedTo: Key[];
}

/**
 * Charges one attempt to every counter, or throws 429 (with Retry-After) without charging any when one is
 * waiting out a delay or full, or when a parallel attempt changed a counter since it was read. A refusal is
 * counted in the audit trail under the counter that refused (the first counter, for a race).
 */
export async function chargeAttempt(
  counters: Counter[],
  context: AttemptContext,
  message = TOO_MANY_ATTEMPTS,
): Promise<Charge> {
  const refuse = async (by: Counter | undefined, seconds: number) => {
    const counter = by ?? counters[0];
    if (counter) await recordThrottled({ counter: keyText(counter.key), note: counter.label, ...context });
    return tooManyRequests(message, Math.max(1, seconds));
  };
  const nowMs = clock.now();
  const nowS = Math.floor(nowMs / 1000);
  const items = await batchGet(
    counters.flatMap((c) => [c.key, ...(c.member ? [c.member] : [])]),
    true,
  );
  const stored = new Map(items.map((i) => [keyText(i as Key), i as unknown as Stored]));
  const live = (key: Key) => {
    const item = stored.get(keyText(key));
    return item?.expiresAt !== undefined && item.expiresAt > nowS ? item : undefined;
  };

  let waitSeconds = 0;
  let refusedBy: Counter | undefined;
  const wait = (counter: Counter, seconds: number) => {
    if (seconds > waitSeconds) [waitSeconds, refusedBy] = [seconds, counter];
  };
  const writes: TransactItem[] = [];
  const addedTo: Key[] = [];
  for (const counter of counters) {
    const item = stored.get(keyText(counter.key));
    const current = live(counter.key);
    const fails = current?.fails ?? 0;
    if (counter.kind === 'distinct') {
      if (counter.member && live(counter.member)) continue; // this email already counts for this IP
      if (fails >= counter.free) {
        wait(counter, Math.max(1, (current?.expiresAt ?? nowS) - nowS));
        continue;
      }
      addedTo.push(counter.key);
      continue;
    }
    if (counter.kind === 'budget') {
      // No delays inside the window, and charges do not move its end: `free` per window, whatever the pace.
      if (fails >= counter.free) {
        wait(counter, Math.max(1, (current?.expiresAt ?? nowS) - nowS));
        continue;
      }
      const windowEnd = current?.expiresAt ?? nowS + (counter.windowSeconds ?? AUTH.failureWindowSeconds);
      writes.push(chargeWrite(counter.key, item, fails + 1, nowMs, windowEnd));
      continue;
    }
    if (fails >= counter.free && (current?.allowedAt ?? 0) > nowMs) {
      wait(counter, Math.ceil(((current?.allowedAt ?? 0) - nowMs) / 1000));
      continue;
    }
    const allowedAt = nowMs + delayAfter(fails + 1, counter.free) * 1000;
    writes.push(chargeWrite(counter.key, item, fails + 1, allowedAt, nowS + AUTH.failureWindowSeconds));
  }
  if (waitSeconds > 0) throw await refuse(refusedBy, waitSeconds);
  try {
    if (writes.length > 0) await db().send(new TransactWriteCommand({ TransactItems: writes }));
  } catch (error) {
    if (isConditionFailure(error)) throw await refuse(undefined, 1);
    throw error;
  }
  // Outside the transaction and without an exact-value condition: colleagues signing in at the same moment
  // from one office address must not refuse each other. An atomic add bounded by the limit is enough here.
  await Promise.all(addedTo.map((key) => addDistinct(key, live(key) !== undefined, counters, nowS)));
  return { counters, addedTo };
}

/** A conditional update of one counter: true when it was written, false when its condition did not hold. */
const updateCounterIf = (key: Key, update: ItemUpdate) => conditionalWrite(updateOne(key, update));

async function addDistinct(key: Key, isLive: boolean, counters: Counter[], nowS: number): Promise<void> {
  const limit = counters.find((c) => keyText(c.key) === keyText(key))?.free ?? 0;
  const expiresAt = nowS + AUTH.failureWindowSeconds;
  const restart = {
    UpdateExpression: 'SET fails = :one, expiresAt = :exp',
    ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
    ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt, ':now': nowS },
  };
  const add = {
    UpdateExpression: 'SET expiresAt = :exp ADD fails :one',
    ConditionExpression: 'expiresAt > :now AND fails < :limit',
    ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt, ':now': nowS, ':limit': limit },
  };
  for (const update of isLive ? [add, restart] : [restart, add]) {
    if (await updateCounterIf(key, update)) return;
  }
  // Filled by parallel attempts meanwhile: this one was already let through; the next new email waits.
}

/** Sets a counter to `fails`, conditioned on it being exactly as read (absent, or these fails and expiry). */
function chargeWrite(
  key: Key,
  read: Stored | undefined,
  fails: number,
  allowedAt: number,
  expiresAt: number,
): TransactItem {
  const values: Record<string, unknown> = { ':fails': fails, ':allowed': allowedAt, ':exp': expiresAt };
  let condition = 'attribute_not_exists(pk)';
  if (read) {
    condition = 'fails = :oldFails AND expiresAt = :oldExp';
    values[':oldFails'] = read.fails ?? 0;
    values[':oldExp'] = read.expiresAt ?? 0;
  }
  return updateItem(key, {
    UpdateExpression: 'SET fails = :fails, allowedAt = :allowed, expiresAt = :exp',
    ConditionExpression: condition,
    ExpressionAttributeValues: values,
  });
}

/** A limit counter starts again (when it exists). */
const RESET: ItemUpdate = {
  UpdateExpression: 'SET fails = :zero, allowedAt = :zero',
  ConditionExpression: 'attribute_exists(pk)',
  ExpressionAttributeValues: { ':zero': 0 },
};

/** A counter gives one attempt's charge back (never below zero). */
const REFUND: ItemUpdate = {
  UpdateExpression: 'SET fails = fails - :one',
  ConditionExpression: 'fails > :zero',
  ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
};

/**
 * After a success: limit counters start again; refundable, budget and distinct ones take this attempt's charge
 * back (a budget is never reset: the owner's success must not give a guesser a new allowance).
 */
export async function settleSuccess(charge: Charge): Promise<void> {
  const writes: Promise<unknown>[] = [];
  for (const counter of charge.counters) {
    if (counter.kind === 'limit') writes.push(updateCounterIf(counter.key, RESET));
    else if (
      counter.kind === 'refundable' ||
      counter.kind === 'budget' ||
      charge.addedTo.some((k) => keyText(k) === keyText(counter.key))
    ) {
      writes.push(updateCounterIf(counter.key, REFUND));
    }
  }
  await Promise.all(writes);
}
