/** DynamoDB access for clients. */
import type { Client } from '../../shared/schemas/client';
import { tableName } from '../lib/db/client';
import { counterUpdate } from '../lib/db/counters';
import { countedPage, queryAll } from '../lib/db/paging';
import { getRecord, insertRecord, replaceRecord, type TransactItem, withoutKeys } from '../lib/db/records';
import {
  CLIENT_ADS_COUNT,
  CLIENT_CLOSED,
  CLIENT_ENTITY,
  CLIENTS_PARTITION,
  clientAdsKey,
  clientKey,
  clientsByCreatedAt,
} from './keys';

export interface ClientRecord extends Client {
  /** Who added it: Edit:own lets them edit their own clients. */
  createdBy: string;
}

/** The stored item, list keys included. */
export const clientItem = (c: ClientRecord) => ({
  ...clientKey(c._id),
  ...clientsByCreatedAt(c.createdAt, c._id),
  ...c,
});

export const getClient = (id: string) => getRecord<ClientRecord>(clientKey(id));

export const listClients = (page: number, limit: number) =>
  countedPage<ClientRecord>({ ...CLIENTS_PARTITION, counter: CLIENT_ENTITY }, page, limit);

/** Every client (the ad form's picker), newest first. */
export async function listAllClients() {
  return (await queryAll<Record<string, unknown>>(CLIENTS_PARTITION, 2000)).map((i) => withoutKeys<ClientRecord>(i));
}

export const insertClient = (c: ClientRecord) =>
  insertRecord(clientItem(c), [counterUpdate(CLIENT_ENTITY, 'ALL', 1)], 'This client already exists');

export const replaceClient = (next: ClientRecord, expectedVersion: number) =>
  replaceRecord(clientItem(next), expectedVersion);

/**
 * Adds `delta` to the number of ads naming the client (keys.ts, clientAdsKey), in the ad's transaction. An addition
 * fails while the client is in the trash or deleted, unless `evenIfClosed` (the count of ads from before the
 * counter, which name it already).
 */
export function clientAdCountUpdate(clientId: string, delta: number, evenIfClosed = false): TransactItem {
  const guarded = delta > 0 && !evenIfClosed;
  return {
    Update: {
      TableName: tableName(),
      Key: clientAdsKey(clientId),
      UpdateExpression: 'ADD #count :delta',
      ...(guarded ? { ConditionExpression: 'attribute_not_exists(#closed)' } : {}),
      ExpressionAttributeNames: { '#count': CLIENT_ADS_COUNT, ...(guarded ? { '#closed': CLIENT_CLOSED } : {}) },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}
