/** DynamoDB access for users. The only code that knows user keys. */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Status } from '../../shared/constants';
import { db, isConditionFailure, tableName } from '../lib/db/client';
import { counterKey } from '../lib/db/counter-keys';
import { USER_ENTITY, userEmailKey, userKey, usersByCreatedAt } from '../lib/db/user-keys';
import { conflict } from '../lib/errors';

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
