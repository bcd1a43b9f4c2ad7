/** Clients (advertisers): CONTRACT.md §2, §3, §6 (Edit, or Edit:own on the clients one added). */
import { canAccess } from '../../shared/permissions';
import type { Client, ClientInput, ClientUpdateInput } from '../../shared/schemas/client';
import { firstVersion } from '../lib/db/records';
import { forbidden, notFound } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { announceRename } from '../lib/renames';
import type { AuthUser } from '../user/auth-user';
import { CLIENT_NOT_FOUND, type ClientRecord, clientModel } from './model';

/** The ad form's picker lists every client, newest first; a newsroom has tens to hundreds. */
const PICKER_MAX = 2000;

const view = ({ createdBy: _by, ...client }: ClientRecord): Client => client;

export async function findClients(page: number, limit: number) {
  const { list, total } = await clientModel.page(page, limit);
  return { list: list.map(view), total };
}

export async function findAllClients() {
  const list = (await clientModel.all(PICKER_MAX)).map(view);
  return { list, total: list.length };
}

/** Edit covers every client; Edit:own only the ones this user added (checked on the stored record). */
function requireEditable(actor: AuthUser, client: ClientRecord): void {
  if (!canAccess(actor, 'Client', ['Edit']) && client.createdBy !== actor._id) throw forbidden();
}

/** Read covers every client; without it, one may open only the clients one may edit. */
export async function findClient(actor: AuthUser, id: string) {
  const client = await clientModel.get(id);
  if (!client) throw notFound(CLIENT_NOT_FOUND);
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
  await clientModel.insert(client);
  return view(client);
}

export async function updateClient(actor: AuthUser, id: string, input: ClientUpdateInput) {
  const current = await clientModel.get(id);
  if (!current) throw notFound(CLIENT_NOT_FOUND);
  requireEditable(actor, current);
  const next: ClientRecord = {
    ...current,
    name: input.name,
    email: input.email ?? '',
    mobile: input.mobile ?? '',
    updatedAt: nowIso(),
    version: input.version + 1,
  };
  await clientModel.replace(next, input.version);
  announceRename('client', current, next);
  return view(next);
}
