/** DynamoDB access for clients. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Client } from '../../shared/schemas/client';
import { db, tableName } from '../lib/db/client';
import { counterUpdate, queryAll, queryPage, readCounter } from '../lib/db/paging';
import { insertRecord, replaceRecord, withoutKeys } from '../lib/db/records';
import { CLIENT_ENTITY, CLIENTS_PARTITION, clientKey, clientsByCreatedAt } from './keys';

export interface ClientRecord extends Client {
  /** Who added it: Edit:own lets them edit their own clients. */
  createdBy: string;
}

const item = (c: ClientRecord) => ({ ...clientKey(c._id), ...clientsByCreatedAt(c.createdAt, c._id), ...c });

export async function getClient(id: string): Promise<ClientRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: clientKey(id) }));
  return out.Item ? withoutKeys<ClientRecord>(out.Item) : undefined;
}

export async function listClients(page: number, limit: number) {
  const [items, total] = await Promise.all([
    queryPage<Record<string, unknown>>(CLIENTS_PARTITION, page, limit),
    readCounter(CLIENT_ENTITY),
  ]);
  return { list: items.map((i) => withoutKeys<ClientRecord>(i)), total };
}

/** Every client (the ad form's picker), newest first. */
export async function listAllClients() {
  return (await queryAll<Record<string, unknown>>(CLIENTS_PARTITION, 2000)).map((i) => withoutKeys<ClientRecord>(i));
}

export const insertClient = (c: ClientRecord) =>
  insertRecord(item(c), [counterUpdate(CLIENT_ENTITY, 'ALL', 1)], 'This client already exists');

export const replaceClient = (next: ClientRecord, expectedVersion: number) =>
  replaceRecord(item(next), expectedVersion);
