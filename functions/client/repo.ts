/** DynamoDB access for clients. */
import type { Client } from '../../shared/schemas/client';
import { countedPage, counterUpdate, queryAll } from '../lib/db/paging';
import { getRecord, insertRecord, replaceRecord, withoutKeys } from '../lib/db/records';
import { CLIENT_ENTITY, CLIENTS_PARTITION, clientKey, clientsByCreatedAt } from './keys';

export interface ClientRecord extends Client {
  /** Who added it: Edit:own lets them edit their own clients. */
  createdBy: string;
}

const item = (c: ClientRecord) => ({ ...clientKey(c._id), ...clientsByCreatedAt(c.createdAt, c._id), ...c });

export const getClient = (id: string) => getRecord<ClientRecord>(clientKey(id));

export const listClients = (page: number, limit: number) =>
  countedPage<ClientRecord>({ ...CLIENTS_PARTITION, counter: CLIENT_ENTITY }, page, limit);

/** Every client (the ad form's picker), newest first. */
export async function listAllClients() {
  return (await queryAll<Record<string, unknown>>(CLIENTS_PARTITION, 2000)).map((i) => withoutKeys<ClientRecord>(i));
}

export const insertClient = (c: ClientRecord) =>
  insertRecord(item(c), [counterUpdate(CLIENT_ENTITY, 'ALL', 1)], 'This client already exists');

export const replaceClient = (next: ClientRecord, expectedVersion: number) =>
  replaceRecord(item(next), expectedVersion);
