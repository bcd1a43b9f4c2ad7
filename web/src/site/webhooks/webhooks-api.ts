/** Webhooks (CONTRACT.md §7 Site Management → Webhooks): every one, enabled and switched off; only for Edit on Site. */
import { mutate } from 'swr';
import type { WebhookCreateInput, WebhookUpdateInput } from '../../../../shared/schemas/webhook';
import { api } from '../../api/client';
import { apiKey } from '../../api/use-api';

export const WEBHOOKS_KEY = apiKey('GET /site-management/webhooks');

export const deliveriesKey = (id: string) =>
  apiKey('GET /site-management/webhooks/{id}/deliveries', { params: { id } });

export const addWebhook = (body: WebhookCreateInput) => api('POST /site-management/webhooks', { body });

export const changeWebhook = (id: string, body: WebhookUpdateInput) =>
  api('PATCH /site-management/webhooks/{id}', { params: { id }, body });

export const removeWebhook = (id: string) => api('DELETE /site-management/webhooks/{id}', { params: { id } });

export const redeliverWebhook = (id: string, deliveryId: string) =>
  api('POST /site-management/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { id, deliveryId } });

export const revalidateWebhooks = () => mutate(WEBHOOKS_KEY);
