/**
 * Webhooks, as stored (CONTRACT.md §7 Webhooks): one item a hook (`WEBHOOK#<id>` / `WEBHOOK`), listed newest first
 * in gsi1 and counted in `COUNT#WEBHOOK`; an enabled hook is also in gsi2's `WEBHOOK#ENABLED` partition, which the
 * content-changes consumer queries for every batch of events (a sparse partition: a switched-off hook leaves it).
 * The item holds the signing secret itself, as HMAC needs it; the API never answers it after the create.
 *
 * Two kinds of writer share the item, so none of them replaces it whole: staff edits set the fields they change
 * at the version read (409 when stale), and the deliveries move only their counters, atomically, without the
 * version: an open edit form is not made stale by each delivery. Switching a hook off (20 failures in a row, or a
 * 410) is a change of state, so it moves the version.
 *
 * Each attempt is logged in the hook's partition (`DELIVERY#<id>`, a ULID: newest first by key) and expires
 * after WEBHOOK.logDays (TTL).
 */

import { WEBHOOK } from '../../shared/constants';
import type { ContentEvent } from '../../shared/content-events';
import type { WebhookDeliveryView, WebhookLastAttempt, WebhookView } from '../../shared/schemas/webhook';
import { conditionalWrite } from '../lib/db/client';
import { defineEntity } from '../lib/db/entity';
import { queryByPrefix } from '../lib/db/paging';
import { deleteItem, getRecord, putOne, transact, updateOne, withoutKeys } from '../lib/db/records';
import { INDEXES, TTL_ATTRIBUTE } from '../lib/db/table';
import { staleVersion } from '../lib/errors';

export interface WebhookRecord extends WebhookView {
  /** The whole signing secret (`whsec_…`). */
  secret: string;
}

export const WEBHOOK_NOT_FOUND = 'No such webhook';

export const webhookModel = /* @__PURE__ */ defineEntity<WebhookRecord>({
  name: 'WEBHOOK',
  indexes: {
    gsi1: { partition: 'WEBHOOK', sortBy: (w) => w.createdAt },
    gsi2: { partition: 'WEBHOOK#ENABLED', sortBy: (w) => w.createdAt, when: (w) => w.enabled },
  },
  takenMessage: 'This webhook already exists',
});

/** Every hook, enabled and switched off, newest first. */
export const allWebhooks = () => webhookModel.all(WEBHOOK.maxHooks);

/**
 * The enabled hooks: one Query of gsi2's sparse partition. An index is eventually consistent, so a hook removed
 * or switched off a moment ago may still be in it; the delivery reads the hook again before it sends.
 */
export const enabledWebhooks = () => webhookModel.all(WEBHOOK.maxHooks, { index: 'gsi2' });

const ENABLED_INDEX = INDEXES.gsi2;

/**
 * Writes a staff edit: the fields `next` holds that staff change, and its place in the enabled partition, if the
 * stored hook is still at `expectedVersion` (else 409, nothing written). `resetFailures` (switching it on) starts
 * the count of failures again.
 */
export async function writeWebhookEdit(next: WebhookRecord, expectedVersion: number, resetFailures: boolean) {
  const item = webhookModel.itemOf(next);
  const values: Record<string, unknown> = {
    ':name': next.name,
    ':url': next.url,
    ':events': next.events,
    ':enabled': next.enabled,
    ':updatedAt': next.updatedAt,
    ':version': next.version,
    ':disabledAt': next.disabledAt,
    ':disabledReason': next.disabledReason,
    ':disabledBy': next.disabledBy,
    ':expected': expectedVersion,
  };
  const set = [
    '#name = :name',
    '#url = :url',
    'events = :events',
    'enabled = :enabled',
    'updatedAt = :updatedAt',
    '#version = :version',
    'disabledAt = :disabledAt',
    'disabledReason = :disabledReason',
    'disabledBy = :disabledBy',
  ];
  if (resetFailures) {
    set.push('consecutiveFailures = :zero');
    values[':zero'] = 0;
  }
  let placement = `REMOVE ${ENABLED_INDEX.partitionKey}, ${ENABLED_INDEX.sortKey}`;
  if (next.enabled) {
    set.push(`${ENABLED_INDEX.partitionKey} = :ipk`, `${ENABLED_INDEX.sortKey} = :isk`);
    values[':ipk'] = item[ENABLED_INDEX.partitionKey];
    values[':isk'] = item[ENABLED_INDEX.sortKey];
    placement = '';
  }
  const written = await conditionalWrite(
    updateOne(webhookModel.key(next._id), {
      UpdateExpression: `SET ${set.join(', ')} ${placement}`.trim(),
      ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
      ExpressionAttributeNames: { '#name': 'name', '#url': 'url', '#version': 'version' },
      ExpressionAttributeValues: values,
    }),
  );
  if (!written) throw staleVersion();
}

/** Removes a hook and its count; false when it was gone already. Its delivery log expires by itself. */
export async function removeWebhook(id: string): Promise<boolean> {
  const remove = deleteItem(webhookModel.key(id));
  if (!remove.Delete) throw new Error('deleteItem gave no Delete');
  return conditionalWrite(
    transact([{ Delete: { ...remove.Delete, ConditionExpression: 'attribute_exists(pk)' } }, webhookModel.counted(-1)]),
  );
}

/** After a successful attempt: no failures in a row any more. Nothing when the hook has gone meanwhile. */
export const noteWebhookSuccess = (id: string, last: WebhookLastAttempt) =>
  conditionalWrite(
    updateOne(webhookModel.key(id), {
      UpdateExpression: 'SET consecutiveFailures = :zero, lastAttempt = :last',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':zero': 0, ':last': last },
    }),
  );

/**
 * After a failed attempt: one more failure in a row, added atomically (parallel deliveries to one hook each
 * count). Only while the hook is enabled: a failure racing a switch-off does not count against the next start.
 */
export const noteWebhookFailure = (id: string, last: WebhookLastAttempt) =>
  conditionalWrite(
    updateOne(webhookModel.key(id), {
      UpdateExpression: 'SET lastAttempt = :last ADD consecutiveFailures :one',
      ConditionExpression: 'attribute_exists(pk) AND enabled = :true',
      ExpressionAttributeValues: { ':last': last, ':one': 1, ':true': true },
    }),
  );

/**
 * Switches a hook off with its reason, if it is still on and (with `atLeastFailures`) has failed that many times
 * in a row by now. One conditional write: of several deliveries crossing the limit at once, one switches it off.
 */
export function switchWebhookOff(id: string, reason: string, at: string, atLeastFailures?: number) {
  const values: Record<string, unknown> = { ':false': false, ':true': true, ':reason': reason, ':at': at, ':one': 1 };
  let condition = 'attribute_exists(pk) AND enabled = :true';
  if (atLeastFailures !== undefined) {
    condition += ' AND consecutiveFailures >= :limit';
    values[':limit'] = atLeastFailures;
  }
  return conditionalWrite(
    updateOne(webhookModel.key(id), {
      UpdateExpression: `SET enabled = :false, disabledReason = :reason, disabledAt = :at, disabledBy = :none, updatedAt = :at ADD #version :one REMOVE ${ENABLED_INDEX.partitionKey}, ${ENABLED_INDEX.sortKey}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ...values, ':none': null },
    }),
  );
}

// ---- The delivery log ----

/** One attempt as stored: what the log shows, the event it sent (for Redeliver), and when it expires. */
export interface WebhookDeliveryRecord extends WebhookDeliveryView {
  payload: ContentEvent;
}

const DELIVERY_PREFIX = 'DELIVERY#';
const deliveryKey = (webhookId: string, id: string) => ({
  pk: webhookModel.key(webhookId).pk,
  sk: `${DELIVERY_PREFIX}${id}`,
});

export function logDelivery(record: WebhookDeliveryRecord): Promise<unknown> {
  const expires = Math.floor(Date.parse(record.at) / 1000) + WEBHOOK.logDays * 24 * 60 * 60;
  return putOne({ ...deliveryKey(record.webhookId, record._id), ...record, [TTL_ATTRIBUTE]: expires });
}

const deliveryOf = (item: Record<string, unknown>): WebhookDeliveryRecord => {
  const { [TTL_ATTRIBUTE]: _expires, ...record } = withoutKeys<Record<string, unknown>>(item);
  return record as unknown as WebhookDeliveryRecord;
};

/** A hook's latest attempts, newest first (one Query of its partition's `DELIVERY#` keys, backwards). */
export async function recentDeliveries(
  webhookId: string,
  max: number,
  nowSeconds: number,
): Promise<WebhookDeliveryRecord[]> {
  const items = await queryByPrefix(webhookModel.key(webhookId).pk, DELIVERY_PREFIX, { max });
  // TTL deletes an expired item within a day or two, not at once: one past its time is not shown meanwhile.
  return items.filter((item) => Number(item[TTL_ATTRIBUTE]) > nowSeconds).map(deliveryOf);
}

export async function getDelivery(webhookId: string, id: string): Promise<WebhookDeliveryRecord | undefined> {
  const item = await getRecord<Record<string, unknown>>(deliveryKey(webhookId, id), true);
  return item ? deliveryOf(item) : undefined;
}
