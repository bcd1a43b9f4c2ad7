/** Clients: the reads (SWR, keyed by API path) and the writes of SPEC §7. */
import { mutate } from 'swr';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import type { Client, ClientInput } from '../../../shared/schemas/client';
import { api } from '../api/client';
import { apiKey, useApi } from '../api/use-api';

export type { Client } from '../../../shared/schemas/client';

export const clientsKey = (page: number) => apiKey('GET /client', { query: { page, limit: SHARED_PAGE_SIZE } });
export const clientKey = (id: string) => apiKey('GET /client/{id}', { params: { id } });

export function useClients(page: number) {
  return useApi(clientsKey(page), { keepPreviousData: true });
}

export function useClient(id: string | undefined) {
  // A form must not be refilled behind the user's back; it re-reads only on Reload.
  return useApi(id ? clientKey(id) : null, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

/** After a write: every cached client list re-reads, and the one client if given. */
export function revalidateClients(id?: string): Promise<unknown> {
  return mutate(
    (key) => typeof key === 'string' && (key.startsWith('/client?') || (id !== undefined && key === clientKey(id))),
  );
}

export function createClient(body: ClientInput) {
  return api('POST /client', { body });
}

/** SPEC §7: PATCH /client/{id} with the same fields and the version read. */
export function updateClient(client: Pick<Client, '_id' | 'version'>, changes: ClientInput) {
  return api('PATCH /client/{id}', { params: { id: client._id }, body: { version: client.version, ...changes } });
}
