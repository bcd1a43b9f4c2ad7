/**
 * What the content-changes consumer calls with the events of a batch of table changes (shared/content-events.ts):
 * one delivery queued for each enabled hook and each event it asked for. The hooks are read for every call, never
 * cached, so a hook removed or switched off gets nothing queued after its change is read; one queued just before
 * is dropped by the delivery, which reads the hook again (functions/webhook-delivery/deliver.ts).
 */
import type { ContentEvent } from '../../shared/content-events';
import { enabledWebhooks } from './model';
import { enqueueDelivery, type WebhookDeliveryMessage } from './queue';

/** Queues the deliveries of `events` (none when there are no events, or no hook wants them). */
export async function queueWebhookEvents(events: ContentEvent[]): Promise<void> {
  if (events.length === 0) return;
  const hooks = await enabledWebhooks();
  const messages: WebhookDeliveryMessage[] = [];
  for (const hook of hooks) {
    if (!hook.enabled) continue;
    for (const event of events) {
      if (hook.events.includes(event.event))
        messages.push({ webhookId: hook._id, event, attempt: 1, redelivery: false });
    }
  }
  await Promise.all(messages.map((message) => enqueueDelivery(message)));
}
