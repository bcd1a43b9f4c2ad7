/** Clients: the reads (SWR, keyed by API path) and the writes of SPEC §7. */
import useSWR, { mutate } from 'swr';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import type { ClientInput } from '../../../shared/schemas/client';
import { api } from '../api/client';
import type { ListPage } from '../api/list';

export interface Client {
  _id: string;
  name: string;
  email: string;
  mobile: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const clientsKey = (page: number) => `/client?page=${page}&limit=${SHARED_PAGE_SIZE}`;
export const clientKey = (id: string) => `/client/${encodeURIComponent(id)}`;

export function useClients(page: number) {
  return useSWR<ListPage<Client>>(clientsKey(page), { keepPreviousData: true });
}

export function useClient(id: string | undefined) {
  // A form must not be refilled behind the user's back; it re-reads only on Reload.
  return useSWR<Client>(id ? clientKey(id) : null, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

/** After a write: every cached client list re-reads, and the one client if given. */
export function revalidateClients(id?: string): Promise<unknown> {
  return mutate(
    (key) => typeof key === 'string' && (key.startsWith('/client?') || (id !== undefined && key === clientKey(id))),
  );
}

export function createClient(body: ClientInput): Promise<Client> {
  return api<Client>('/client', { method: 'POST', body });
}

/** SPEC §7: PATCH /client/{id} with the same fields plus _id (and the version read). */
export function updateClient(client: Pick<Client, '_id' | 'version'>, changes: ClientInput): Promise<Client> {
  return api<Client>(clientKey(client._id), {
    method: 'PATCH',
    body: { _id: client._id, version: client.version, ...changes },
  });
}
