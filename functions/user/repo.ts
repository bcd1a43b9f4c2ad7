/** DynamoDB access for users. The only code that knows user keys. */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Status } from '../../shared/constants';
import { db, isConditionFailure, tableName } from '../lib/db/client';
import { counterUpdate, queryAll, queryPage, readCounter } from '../lib/db/paging';
import { USER_ENTITY, USERS_PARTITION, userEmailKey, userKey, usersByCreatedAt } from '../lib/db/user-keys';
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

const EMAIL_TAKEN = 'Email already exists';

const strip = (item: Record<string, unknown>): UserRecord => {
  const { pk: _pk, sk: _sk, gsi1pk: _1, gsi1sk: _2, ...user } = item;
  return user as unknown as UserRecord;
};

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
          counterUpdate(USER_ENTITY, 'ALL', 1),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/**
 * Writes `next` over `current` if the stored version is still current.version (else 409, nothing written),
 * moving the email-uniqueness item in the same transaction when the email changes.
 */
export async function replaceUser(current: UserRecord, next: UserRecord): Promise<void> {
  const emailChanged = current.email.toLowerCase() !== next.email.toLowerCase();
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...userKey(next._id), ...usersByCreatedAt(next.createdAt, next._id), ...next },
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': current.version },
      },
    },
  ];
  if (emailChanged) {
    items.push(
      { Delete: { TableName: tableName(), Key: userEmailKey(current.email) } },
      {
        Put: {
          TableName: tableName(),
          Item: { ...userEmailKey(next.email), userId: next._id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    );
  }
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') throw staleVersion();
    throw conflict(EMAIL_TAKEN);
  }
}
