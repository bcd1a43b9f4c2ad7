/**
 * Users, as stored: one item a user (`USER#<id>` / `USER`, the partition their sessions and second factor share),
 * listed newest first in gsi1, counted in `COUNT#USER`; and one item per lower-cased email, written in the same
 * transaction as the user: uniqueness without a Scan.
 */
import type { Status } from '../../shared/constants';
import { defineEntity } from '../lib/db/entity';
import { getRecord, type ItemRead, moveUnique, putUnique } from '../lib/db/records';

export interface UserRecord {
  _id: string;
  name: string;
  email: string;
  phone: string;
  roles: string[];
  status: Status;
  isSuperAdmin?: boolean;
  passwordHash: string;
  tokenVersion: number;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  pincode?: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

const EMAIL_TAKEN = 'Email already exists';

export const userModel = /* @__PURE__ */ defineEntity<UserRecord>({
  name: 'USER',
  indexes: { gsi1: { partition: 'USER', sortBy: (u) => u.createdAt } },
  takenMessage: EMAIL_TAKEN,
});

/** The user's item key: their sessions (session/model.ts) and second factor live in the same partition. */
export const userKey = userModel.key;

/** One item per lower-cased email. */
export const userEmailKey = (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' });

/** A user, for a read together with their session and second factor (see readTogether). */
export const userRead = (id: string): ItemRead<UserRecord> => ({ key: userKey(id), from: userModel.recordOf });

export const getUserById = (id: string) => userModel.get(id);

export async function getUserIdByEmail(email: string): Promise<string | undefined> {
  return (await getRecord<{ userId?: string }>(userEmailKey(email)))?.userId;
}

export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  const id = await getUserIdByEmail(email);
  return id ? getUserById(id) : undefined;
}

export const listUsers = (page: number, limit: number) => userModel.page(page, limit);

export const listAllUsers = () => userModel.all(5000);

const emailItem = (u: UserRecord) => putUnique({ ...userEmailKey(u.email), userId: u._id });

/** Creates the user, its email-uniqueness item and bumps the user count in one transaction. */
export const insertUser = (user: UserRecord) => userModel.insert(user, [emailItem(user)]);

/**
 * Writes `next` over `current` if the stored version is still current.version (else 409, nothing written),
 * moving the email-uniqueness item in the same transaction when the email changes.
 */
export function replaceUser(current: UserRecord, next: UserRecord): Promise<void> {
  const moves = moveUnique(userEmailKey(current.email), userEmailKey(next.email), () => emailItem(next));
  return userModel.replace(next, current.version, moves, EMAIL_TAKEN);
}
