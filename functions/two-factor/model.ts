/**
 * A user's second factor: one item beside the user (pk USER#<id>, sk TWOFACTOR), read with the user and the
 * session in one BatchGet, and written apart from the user record so a sign-in never makes an open edit of the
 * user stale and an edit never brings back a used code.
 */
import { conditionalWrite } from '../lib/db/client';
import {
  deleteOne,
  getRecord,
  type ItemRead,
  type ItemUpdate,
  putOne,
  updateOne,
  withoutKeys,
} from '../lib/db/records';

export interface TwoFactorRecord {
  userId: string;
  /** The TOTP secret, sealed with a key derived from the JWT secret (auth/two-factor.ts). */
  secret: string;
  /** False while enrolling: the user has not confirmed a code yet. */
  enabled: boolean;
  enabledAt?: string;
  createdAt: string;
  /** The last 30-second step a code was accepted for: each code is accepted once. */
  lastStep: number;
  /** sha256 of each recovery code not used yet. */
  recoveryCodeHashes: string[];
}

const twoFactorKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'TWOFACTOR' });

const twoFactorFromItem = (item: Record<string, unknown>) => withoutKeys<TwoFactorRecord>(item);

/** A user's second factor, for a read together with their other items (see readTogether). */
export const twoFactorRead = (userId: string): ItemRead<TwoFactorRecord> => ({
  key: twoFactorKey(userId),
  from: twoFactorFromItem,
});

export const getTwoFactor = (userId: string) => getRecord<TwoFactorRecord>(twoFactorKey(userId), true);

/** Starts (or restarts) enrolment; refused when a confirmed second factor is on. */
export async function putPendingTwoFactor(record: TwoFactorRecord): Promise<boolean> {
  return conditionalWrite(
    putOne(
      { ...twoFactorKey(record.userId), ...record, enabled: false },
      {
        ConditionExpression: 'attribute_not_exists(pk) OR enabled = :false',
        ExpressionAttributeValues: { ':false': false },
      },
    ),
  );
}

/** An update of a user's second factor item. */
const updateOf = (userId: string, update: ItemUpdate) => updateOne(twoFactorKey(userId), update);

/** Confirms enrolment at `step` with new recovery codes; false when the pending secret changed meanwhile. */
export async function enableTwoFactor(
  pending: TwoFactorRecord,
  step: number,
  recoveryCodeHashes: string[],
  at: string,
): Promise<boolean> {
  return conditionalWrite(
    updateOf(pending.userId, {
      UpdateExpression: 'SET enabled = :true, enabledAt = :at, lastStep = :step, recoveryCodeHashes = :codes',
      ConditionExpression: 'secret = :secret AND enabled = :false',
      ExpressionAttributeValues: {
        ':true': true,
        ':false': false,
        ':at': at,
        ':step': step,
        ':codes': recoveryCodeHashes,
        ':secret': pending.secret,
      },
    }),
  );
}

/** Accepts a TOTP step once: true when this call moved lastStep forward to `step` (a replay gets false). */
export async function claimStep(userId: string, step: number): Promise<boolean> {
  return conditionalWrite(
    updateOf(userId, {
      UpdateExpression: 'SET lastStep = :step',
      ConditionExpression: 'enabled = :true AND lastStep < :step',
      ExpressionAttributeValues: { ':step': step, ':true': true },
    }),
  );
}

/** Uses up one recovery code: true when this call removed it (two parallel uses: one wins). */
export async function spendRecoveryCode(record: TwoFactorRecord, hash: string): Promise<boolean> {
  const index = record.recoveryCodeHashes.indexOf(hash);
  if (index < 0) return false;
  return conditionalWrite(
    updateOf(record.userId, {
      UpdateExpression: `REMOVE recoveryCodeHashes[${index}]`,
      ConditionExpression: `enabled = :true AND recoveryCodeHashes[${index}] = :hash`,
      ExpressionAttributeValues: { ':hash': hash, ':true': true },
    }),
  );
}

export async function replaceRecoveryCodes(userId: string, recoveryCodeHashes: string[]): Promise<void> {
  await updateOf(userId, {
    UpdateExpression: 'SET recoveryCodeHashes = :codes',
    ConditionExpression: 'enabled = :true',
    ExpressionAttributeValues: { ':codes': recoveryCodeHashes, ':true': true },
  });
}

/** Turns the second factor off (the user's own choice or an admin's reset); false when there was none. */
export async function deleteTwoFactor(userId: string): Promise<boolean> {
  return (await deleteOne(twoFactorKey(userId)))?.enabled === true;
}
