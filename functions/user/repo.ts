/** DynamoDB access for users. The only code that knows user keys. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Status } from '../../shared/constants';
import { db, tableName } from '../lib/db/client';
import { counterUpdate, readCounter } from '../lib/db/counters';
import { queryAll, queryPage } from '../lib/db/paging';
import { type ItemRead, insertRecord, moveUnique, putUnique, replaceRecord, withoutKeys } from '../lib/db/records';
import { USER_ENTITY, USERS_PARTITION, userEmailKey, userKey, usersByCreatedAt } from './keys';

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

const strip = (stored: Record<string, unknown>) => withoutKeys<UserRecord>(stored);

/** A user, for a read together with their session and second factor (see readTogether). */
export const userRead = (id: string): ItemRead<UserRecord> => ({ key: userKey(id), from: strip });

export async function getUserById(id: string): Promise<UserRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: userKey(id) }));
  return out.Item ? strip(out.Item) : undefined;
}

export async function getUserIdByEmail(email: string): Promise<string | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: userEmailKey(email) }));
  return out.Item?.userId as string | undefined;
}

export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  const id = await getUserIdByEmail(email);
  return id ? getUserById(id) : undefined;
}

export async function listUsers(page: number, limit: number): Promise<{ list: UserRecord[]; total: number }> {
  const [items, total] = await Promise.all([
    queryPage<Record<string, unknown>>({ index: USERS_PARTITION.index, partition: USERS_PARTITION.pk }, page, limit),
    readCounter(USER_ENTITY),
  ]);
  return { list: items.map(strip), total };
}

export async function listAllUsers(): Promise<UserRecord[]> {
  return (await queryAll<Record<string, unknown>>({ index: USERS_PARTITION.index, partition: USERS_PARTITION.pk })).map(
    strip,
  );
}

const item = (u: UserRecord) => ({ ...userKey(u._id), ...usersByCreatedAt(u.createdAt, u._id), ...u });
const emailItem = (u: UserRecord) => putUnique({ ...userEmailKey(u.email), userId: u._id });

/** Creates the user, its email-uniqueness item and bumps the user count in one transaction. */
export const insertUser = (user: UserRecord) =>
  insertRecord(item(user), [emailItem(user), counterUpdate(USER_ENTITY, 'ALL', 1)], EMAIL_TAKEN);

/**
 * Writes `next` over `current` if the stored version is still current.version (else 409, nothing written),
 * moving the email-uniqueness item in the same transaction when the email changes.
 */
export function replaceUser(current: UserRecord, next: UserRecord): Promise<void> {
  const moves = moveUnique(userEmailKey(current.email), userEmailKey(next.email), () => emailItem(next));
  return replaceRecord(item(next), current.version, moves, EMAIL_TAKEN);
}
