/** Clients: the reads (SWR, keyed by API path) and the writes of CONTRACT.md §7. */
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import type { Client, ClientInput } from '../../../shared/schemas/client';
import { api } from '../api/client';
import { apiKey, listReads, useApi } from '../api/use-api';

export type { Client } from '../../../shared/schemas/client';

export const clientsKey = (page: number) => apiKey('GET /client', { query: { page, limit: SHARED_PAGE_SIZE } });
export const clientKey = (id: string) => apiKey('GET /client/{id}', { params: { id } });

export const [useClients, useClient, revalidateClients] = listReads('/client', clientsKey, clientKey);

/** A client's ads and their counts within `from`–`to` (UTC days, both included). */
export const clientReportKey = (id: string, from: string, to: string) =>
  apiKey('GET /advertisement/report', { query: { client: id, from, to } });

/** The report of one range; the last one stays shown while another range loads. */
export function useClientReport(id: string, from: string, to: string) {
  return useApi(clientReportKey(id, from, to), { keepPreviousData: true });
}

export function createClient(body: ClientInput) {
  return api('POST /client', { body });
}

/** CONTRACT.md §7: PATCH /client/{id} with the same fields and the version read. */
export function updateClient(client: Pick<Client, '_id' | 'version'>, changes: ClientInput) {
  return api('PATCH /client/{id}', { params: { id: client._id }, body: { version: client.version, ...changes } });
}
