/**
 * Webhooks (CONTRACT.md §7 Site Management → Webhooks): added with an https address, a name and the events they
 * want, their secret made here and shown once; changed, switched off and on, removed; each one's delivery log,
 * and a logged delivery queued again. Who may change the site may send its content out, so all need Edit on Site.
 */
import { randomBytes } from 'node:crypto';
import { WEBHOOK } from '../../shared/constants';
import type {
  CreatedWebhook,
  WebhookCreateInput,
  WebhookDeliveryView,
  WebhookRedelivery,
  WebhookUpdateInput,
  WebhookView,
} from '../../shared/schemas/webhook';
import { auditAction, createdFields, diffFields } from '../audit/record';
import { clock } from '../lib/clock';
import { firstVersion } from '../lib/db/records';
import { badRequest, conflict, notFound, staleVersion } from '../lib/errors';
import { newId } from '../lib/ids';
import type { AuthUser } from '../user/auth-user';
import {
  allWebhooks,
  getDelivery,
  recentDeliveries,
  removeWebhook,
  WEBHOOK_NOT_FOUND,
  type WebhookDeliveryRecord,
  type WebhookRecord,
  webhookModel,
  writeWebhookEdit,
} from '../webhook/model';
import { enqueueDelivery } from '../webhook/queue';

const view = ({ secret: _secret, ...shown }: WebhookRecord): WebhookView => shown;

const deliveryView = ({ payload: _payload, ...shown }: WebhookDeliveryRecord): WebhookDeliveryView => shown;

const AUDITED_FIELDS = ['name', 'url', 'events', 'enabled'] as const satisfies readonly (keyof WebhookRecord)[];

const target = (hook: WebhookRecord) => ({ type: 'webhook' as const, id: hook._id, name: hook.name });

async function storedHook(id: string): Promise<WebhookRecord> {
  const hook = await webhookModel.get(id, true);
  if (!hook) throw notFound(WEBHOOK_NOT_FOUND);
  return hook;
}

/** Every hook, enabled and switched off, newest first; never a secret. */
export async function listWebhooks(): Promise<{ list: WebhookView[]; total: number }> {
  const list = (await allWebhooks()).map(view);
  return { list, total: list.length };
}

/** Adds a hook, enabled: its whole secret is in this answer only. */
export async function createWebhook(actor: AuthUser, input: WebhookCreateInput, ip: string): Promise<CreatedWebhook> {
  if ((await allWebhooks()).length >= WEBHOOK.maxHooks) {
    throw badRequest(`At most ${WEBHOOK.maxHooks} webhooks; remove one you no longer use first`);
  }
  const secret = `${WEBHOOK.secretPrefix}_${randomBytes(WEBHOOK.secretBytes).toString('base64url')}`;
  const record: WebhookRecord = {
    _id: newId(),
    name: input.name,
    url: input.url,
    events: input.events,
    enabled: true,
    secret,
    secretHint: secret.slice(0, WEBHOOK.secretPrefix.length + 7),
    ...firstVersion(clock.iso()),
    createdBy: { _id: actor._id, name: actor.name },
    consecutiveFailures: 0,
    disabledAt: null,
    disabledReason: null,
    disabledBy: null,
    lastAttempt: null,
  };
  await webhookModel.insert(record);
  await auditAction(actor, ip, 'webhookCreated', target(record), { changes: createdFields(record, AUDITED_FIELDS) });
  return { ...view(record), secret };
}

/**
 * Changes a hook at the version read (409 when stale). Switching it off notes who and when; switching it on
 * clears the reason and starts the count of failures again.
 */
export async function updateWebhook(
  actor: AuthUser,
  id: string,
  input: WebhookUpdateInput,
  ip: string,
): Promise<WebhookView> {
  const current = await storedHook(id);
  if (current.version !== input.version) throw staleVersion();
  const now = clock.iso();
  const enabled = input.enabled ?? current.enabled;
  const switchedOn = enabled && !current.enabled;
  const switchedOff = !enabled && current.enabled;
  const next: WebhookRecord = {
    ...current,
    name: input.name ?? current.name,
    url: input.url ?? current.url,
    events: input.events ?? current.events,
    enabled,
    updatedAt: now,
    version: current.version + 1,
    ...(switchedOn ? { disabledAt: null, disabledReason: null, disabledBy: null, consecutiveFailures: 0 } : {}),
    ...(switchedOff
      ? {
          disabledAt: now,
          disabledReason: `Switched off by ${actor.name}`,
          disabledBy: { _id: actor._id, name: actor.name },
        }
      : {}),
  };
  const changes = diffFields(current, next, AUDITED_FIELDS);
  if (Object.keys(changes).length === 0) return view(current);
  await writeWebhookEdit(next, input.version, switchedOn);
  await auditAction(actor, ip, 'webhookUpdated', target(next), { changes });
  return view(next);
}

/** Removes a hook for good; deliveries still queued for it are dropped when their turn comes. */
export async function deleteWebhook(actor: AuthUser, id: string, ip: string): Promise<{ _id: string }> {
  const current = await storedHook(id);
  if (!(await removeWebhook(id))) throw notFound(WEBHOOK_NOT_FOUND);
  await auditAction(actor, ip, 'webhookRemoved', target(current));
  return { _id: id };
}

/** A hook's latest attempts, newest first. */
export async function listWebhookDeliveries(id: string): Promise<{ list: WebhookDeliveryView[]; total: number }> {
  await storedHook(id);
  const list = (await recentDeliveries(id, WEBHOOK.deliveriesShown, clock.nowSeconds())).map(deliveryView);
  return { list, total: list.length };
}

/** Queues a logged delivery again, with the same event (and id), as a new first attempt. */
export async function redeliverWebhook(
  actor: AuthUser,
  id: string,
  deliveryId: string,
  ip: string,
): Promise<WebhookRedelivery> {
  const hook = await storedHook(id);
  const delivery = await getDelivery(id, deliveryId);
  if (!delivery) throw notFound('No such delivery');
  if (!hook.enabled) throw conflict('This webhook is switched off; switch it on to deliver to it again');
  await enqueueDelivery({ webhookId: id, event: delivery.payload, attempt: 1, redelivery: true });
  await auditAction(actor, ip, 'webhookRedelivered', target(hook), { note: `${delivery.event} ${delivery.eventId}` });
  return { queued: true, eventId: delivery.eventId };
}
