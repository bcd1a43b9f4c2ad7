/**
 * Sign-in throttling that nobody can turn against an account's owner (functions/README.md, "Throttling").
 *
 * Every attempt is charged BEFORE the password or code is compared, in one DynamoDB transaction conditioned on
 * the exact counter values just read: of parallel attempts at the same count only one is charged, the others
 * get 429 without a comparison, so no burst can test more than the allowance. A counter allows `free` attempts;
 * then each further attempt waits 1 s, 2 s, 4 s … up to AUTH.maxDelaySeconds after the previous one (growing
 * delays, no lock-out window). A counter with no attempt for AUTH.failureWindowSeconds starts from zero.
 *
 * Counters: `limit` counters (per (IP, email), per device, per user for codes) count attempts and are reset by
 * a success; `refundable` counters (per email over all IPs) are charged the same way but a success takes its
 * charge back, so they count failures only; a `distinct` counter (per IP) counts the emails failed from it, and
 * once full refuses only new emails from that IP. It is added to outside the transaction, atomically and bounded,
 * so parallel sign-ins of different people from one office address never refuse each other.
 */
import {
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { AUTH } from '../../shared/constants';
import { clock } from '../lib/clock';
import { conditionalWrite, db, isConditionFailure, tableName } from '../lib/db/client';
import { batchGet } from '../lib/db/records';
import { tooManyRequests } from '../lib/errors';
import { throttleKeys } from './keys';

type Key = { pk: string; sk: string };

export interface Counter {
  key: Key;
  kind: 'limit' | 'refundable' | 'distinct';
  /** Attempts allowed before delays begin (for `distinct`: how many emails). */
  free: number;
  /** For `distinct`: the (IP, email) counter whose first charge adds an email. */
  member?: Key;
}

interface Stored {
  pk: string;
  fails?: number;
  allowedAt?: number;
  expiresAt?: number;
}

export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts; please wait and try again';

/** A user's second-factor codes and password re-entries share one allowance. */
export const userCodeCounter = (userId: string): Counter => ({
  key: throttleKeys.code(userId),
  kind: 'limit',
  free: AUTH.freeFailures,
});

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
 * waiting out a delay or full, or when a parallel attempt changed a counter since it was read.
 */
export async function chargeAttempt(counters: Counter[]): Promise<Charge> {
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
  const writes: NonNullable<TransactWriteCommandInput['TransactItems']> = [];
  const addedTo: Key[] = [];
  for (const counter of counters) {
    const item = stored.get(keyText(counter.key));
    const current = live(counter.key);
    const fails = current?.fails ?? 0;
    if (counter.kind === 'distinct') {
      if (counter.member && live(counter.member)) continue; // this email already counts for this IP
      if (fails >= counter.free) {
        waitSeconds = Math.max(waitSeconds, (current?.expiresAt ?? nowS) - nowS);
        continue;
      }
      addedTo.push(counter.key);
      continue;
    }
    if (fails >= counter.free && (current?.allowedAt ?? 0) > nowMs) {
      waitSeconds = Math.max(waitSeconds, Math.ceil(((current?.allowedAt ?? 0) - nowMs) / 1000));
      continue;
    }
    const allowedAt = nowMs + delayAfter(fails + 1, counter.free) * 1000;
    writes.push(chargeWrite(counter.key, item, fails + 1, allowedAt, nowS + AUTH.failureWindowSeconds));
  }
  if (waitSeconds > 0) throw tooManyRequests(TOO_MANY_ATTEMPTS, Math.max(1, waitSeconds));
  try {
    if (writes.length > 0) await db().send(new TransactWriteCommand({ TransactItems: writes }));
  } catch (error) {
    if (isConditionFailure(error)) throw tooManyRequests(TOO_MANY_ATTEMPTS, 1);
    throw error;
  }
  // Outside the transaction and without an exact-value condition: colleagues signing in at the same moment
  // from one office address must not refuse each other. An atomic add bounded by the limit is enough here.
  await Promise.all(addedTo.map((key) => addDistinct(key, live(key) !== undefined, counters, nowS)));
  return { counters, addedTo };
}

type CounterUpdate = Pick<UpdateCommandInput, 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeValues'>;

/** A conditional update of one counter: true when it was written, false when its condition did not hold. */
const updateCounterIf = (key: Key, update: CounterUpdate) =>
  conditionalWrite(db().send(new UpdateCommand({ TableName: tableName(), Key: key, ...update })));

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
function chargeWrite(key: Key, read: Stored | undefined, fails: number, allowedAt: number, expiresAt: number) {
  const values: Record<string, unknown> = { ':fails': fails, ':allowed': allowedAt, ':exp': expiresAt };
  let condition = 'attribute_not_exists(pk)';
  if (read) {
    condition = 'fails = :oldFails AND expiresAt = :oldExp';
    values[':oldFails'] = read.fails ?? 0;
    values[':oldExp'] = read.expiresAt ?? 0;
  }
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET fails = :fails, allowedAt = :allowed, expiresAt = :exp',
      ConditionExpression: condition,
      ExpressionAttributeValues: values,
    },
  };
}

/** A limit counter starts again (when it exists). */
const RESET: CounterUpdate = {
  UpdateExpression: 'SET fails = :zero, allowedAt = :zero',
  ConditionExpression: 'attribute_exists(pk)',
  ExpressionAttributeValues: { ':zero': 0 },
};

/** A counter gives one attempt's charge back (never below zero). */
const REFUND: CounterUpdate = {
  UpdateExpression: 'SET fails = fails - :one',
  ConditionExpression: 'fails > :zero',
  ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
};

/** After a success: limit counters start again, refundable and distinct ones take this attempt's charge back. */
export async function settleSuccess(charge: Charge): Promise<void> {
  const writes: Promise<unknown>[] = [];
  for (const counter of charge.counters) {
    if (counter.kind === 'limit') writes.push(updateCounterIf(counter.key, RESET));
    else if (counter.kind === 'refundable' || charge.addedTo.some((k) => keyText(k) === keyText(counter.key))) {
      writes.push(updateCounterIf(counter.key, REFUND));
    }
  }
  await Promise.all(writes);
}
