/**
 * Webhooks (CONTRACT.md §7 Site Management → Webhooks): an https address, a name and the content events it is
 * told of; the secret deliveries are signed with is made by the server and shown once. Managing them needs Edit on
 * Site Management.
 */

import { WEBHOOK } from '../constants';
import { CONTENT_EVENTS, type ContentEventName } from '../content-events';
import { webhookUrlProblem } from '../webhook-address';
import { type NamedRef, requiredText, versionField } from './common';
import * as z from './z';

const nameField = requiredText('Webhook name is required', WEBHOOK.nameMax);

const urlField = requiredText(
  'Address is required',
  WEBHOOK.urlMax,
  undefined,
  z.superRefine((value: string, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

const eventsField = z
  .array(z.enum(CONTENT_EVENTS, 'Choose events from the list'), { error: 'Choose at least one event' })
  .check(
    z.minLength(1, 'Choose at least one event'),
    z.refine((events: string[]) => new Set(events).size === events.length, 'Choose each event once'),
  );

export const webhookCreateSchema = z.object({ name: nameField, url: urlField, events: eventsField });
export type WebhookCreateInput = z.infer<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.object({
  version: versionField,
  name: z.optional(nameField),
  url: z.optional(urlField),
  events: z.optional(eventsField),
  enabled: z.optional(z.boolean({ error: 'enabled must be true or false' })),
});
export type WebhookUpdateInput = z.infer<typeof webhookUpdateSchema>;

// ---- What the API returns (types only) ----

/** The last attempt of any delivery, as the list shows it. */
export interface WebhookLastAttempt {
  at: string;
  ok: boolean;
  /** The answer's status, or null when there was none (refused address, timeout, connection error). */
  status: number | null;
}

/** One hook as the list shows it: never the secret. */
export interface WebhookView {
  _id: string;
  name: string;
  url: string;
  events: ContentEventName[];
  enabled: boolean;
  /** The secret's first characters, to tell which one a receiver holds. */
  secretHint: string;
  createdAt: string;
  createdBy: NamedRef;
  updatedAt: string;
  version: number;
  /** Failed attempts since the last success (or since it was enabled); at 20 the hook is switched off. */
  consecutiveFailures: number;
  /** When and why it was switched off; null while enabled. `disabledBy` is null when the deliveries did it. */
  disabledAt: string | null;
  disabledReason: string | null;
  disabledBy: NamedRef | null;
  lastAttempt: WebhookLastAttempt | null;
}

/** POST /site-management/webhooks: the new hook, with its whole secret this once. */
export interface CreatedWebhook extends WebhookView {
  secret: string;
}

/** One attempt in a hook's delivery log. */
export interface WebhookDeliveryView {
  _id: string;
  webhookId: string;
  /** The event's id (the x-webhook-id header). */
  eventId: string;
  event: ContentEventName;
  /** 1 for the first try; retries count on; a redelivery starts again at 1. */
  attempt: number;
  redelivery: boolean;
  at: string;
  ok: boolean;
  status: number | null;
  /** Why it failed, when it did (a refused address, a timeout, a redirect, a status). */
  error: string | null;
  durationMs: number;
}

/** POST …/redeliver: the delivery queued again. */
export interface WebhookRedelivery {
  queued: true;
  eventId: string;
}
