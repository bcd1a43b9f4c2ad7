/** DynamoDB access for users. The only code that knows user keys. */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Status } from '../../shared/constants';
import { db, isConditionFailure, tableName } from '../lib/db/client';
import { counterKey } from '../lib/db/counter-keys';
import { USER_ENTITY, userEmailKey, userKey, usersByCreatedAt } from '../lib/db/user-keys';
import { conflict, staleVersion } from '../lib/errors';

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

export async function getUserById(id: string): Promise<UserRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: userKey(id) }));
  return out.Item as UserRecord | undefined;
}

export async function getUserIdByEmail(email: string): Promise<string | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: userEmailKey(email) }));
  return out.Item?.userId as string | undefined;
}

export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  const id = await getUserIdByEmail(email);
  return id ? getUserById(id) : undefined;
}

/** Creates the user, its email-uniqueness item and bumps the user count in one transaction. */
export async function insertUser(user: UserRecord): Promise<void> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...userKey(user._id), ...usersByCreatedAt(user.createdAt, user._id), ...user },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...userEmailKey(user.email), userId: user._id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: counterKey(USER_ENTITY),
              UpdateExpression: 'ADD #count :one',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('Email already exists');
    throw error;
  }
}

export type UserChanges = Partial<
  Pick<
    UserRecord,
    'name' | 'phone' | 'roles' | 'status' | 'passwordHash' | 'addressLine1' | 'addressLine2' | 'city' | 'pincode'
  >
>;

/**
 * Applies changes if the stored version is still `expectedVersion` (else 409, nothing written).
 * `endSessions` bumps tokenVersion so every token issued before stops working.
 */
export async function updateUser(
  id: string,
  expectedVersion: number,
  changes: UserChanges,
  options: { endSessions?: boolean } = {},
): Promise<void> {
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':expected': expectedVersion, ':one': 1, ':now': new Date().toISOString() };
  const sets = ['#updatedAt = :now'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  const adds = ['#version :one'];
  if (options.endSessions) {
    names['#tokenVersion'] = 'tokenVersion';
    adds.push('#tokenVersion :one');
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(id),
        UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw staleVersion();
    throw error;
  }
}
