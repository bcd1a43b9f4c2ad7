/** Clients (advertisers): CONTRACT.md §2, §3, §6 (Edit, or Edit:own on the clients one added). */
import { canAccess } from '../../shared/permissions';
import type { Client, ClientInput, ClientUpdateInput } from '../../shared/schemas/client';
import { firstVersion } from '../lib/db/records';
import { forbidden, notFound } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { announceRename } from '../lib/renames';
import type { AuthUser } from '../user/auth-user';
import { type ClientRecord, getClient, insertClient, listAllClients, listClients, replaceClient } from './repo';

const view = ({ createdBy: _by, ...client }: ClientRecord): Client => client;

export async function findClients(page: number, limit: number) {
  const { list, total } = await listClients(page, limit);
  return { list: list.map(view), total };
}

export async function findAllClients() {
  const list = (await listAllClients()).map(view);
  return { list, total: list.length };
}

/** Edit covers every client; Edit:own only the ones this user added (checked on the stored record). */
function requireEditable(actor: AuthUser, client: ClientRecord): void {
  if (!canAccess(actor, 'Client', ['Edit']) && client.createdBy !== actor._id) throw forbidden();
}

/** Read covers every client; without it, one may open only the clients one may edit. */
export async function findClient(actor: AuthUser, id: string) {
  const client = await getClient(id);
  if (!client) throw notFound('No such client');
  if (!canAccess(actor, 'Client', ['Read'])) requireEditable(actor, client);
  return view(client);
}

export async function createClient(actor: AuthUser, input: ClientInput) {
  const now = nowIso();
  const client: ClientRecord = {
    _id: newId(),
    name: input.name,
    email: input.email ?? '',
    mobile: input.mobile ?? '',
    createdBy: actor._id,
    ...firstVersion(now),
  };
  await insertClient(client);
  return view(client);
}

export async function updateClient(actor: AuthUser, id: string, input: ClientUpdateInput) {
  const current = await getClient(id);
  if (!current) throw notFound('No such client');
  requireEditable(actor, current);
  const next: ClientRecord = {
    ...current,
    name: input.name,
    email: input.email ?? '',
    mobile: input.mobile ?? '',
    updatedAt: nowIso(),
    version: input.version + 1,
  };
  await replaceClient(next, input.version);
  announceRename('client', current, next);
  return view(next);
}
