/**
 * The webhook queue's two consumers without a table: the Lambda handler's batch answer (a message whose handling
 * threw is reported for SQS to receive again; an unreadable one is dropped), and the local queue (due by the
 * injectable clock; a throw received again after 30 s, five receives at most, then a dead letter).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../functions/lib/clock';
import type { WebhookDeliveryMessage } from '../../functions/webhook/queue';
import { enqueueDelivery } from '../../functions/webhook/queue';
import { startLocalWebhookQueue } from '../../functions/webhook-delivery/local-queue';

// The handler logs each failure; the logger is made on first use, after this.
process.env.LOG_LEVEL = 'silent';

const deliver = vi.hoisted(() => vi.fn());
vi.mock('../../functions/webhook-delivery/deliver', async (original) => ({
  ...(await original<typeof import('../../functions/webhook-delivery/deliver')>()),
  deliverMessage: deliver,
}));

const message = (webhookId: string): WebhookDeliveryMessage => ({
  webhookId,
  event: { id: `E${webhookId}`, event: 'menu.changed', at: '2026-11-28T12:00:00.000Z', data: {} },
  attempt: 1,
  redelivery: false,
});

afterEach(() => {
  setClock(undefined);
  deliver.mockReset();
});

describe('the webhook-delivery handler', () => {
  it('reports only the messages whose handling threw; drops one that is no delivery', async () => {
    const { handler } = await import('../../functions/webhook-delivery/handler');
    deliver.mockImplementation(async (m: WebhookDeliveryMessage) => {
      if (m.webhookId === 'B') throw new Error('table unreachable');
      return 'retrying';
    });
    const record = (messageId: string, body: string) => ({ messageId, body }) as never;
    const out = await handler({
      Records: [
        record('1', JSON.stringify(message('A'))),
        record('2', JSON.stringify(message('B'))),
        record('3', '{"not":"a delivery"}'),
        record('4', 'not json'),
      ],
    });
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
    expect(deliver).toHaveBeenCalledTimes(2);
  });
});

describe('the local queue', () => {
  it('runs a message when it is due by the clock, not before', async () => {
    let now = Date.parse('2026-11-28T12:00:00.000Z');
    setClock(() => now);
    const handled: string[] = [];
    const queue = startLocalWebhookQueue({ handle: async (m) => handled.push(m.webhookId) });
    try {
      await enqueueDelivery(message('A'), 60);
      await enqueueDelivery(message('B'));
      expect(await queue.runDue()).toBe(1);
      expect(handled).toEqual(['B']);
      now += 59_000;
      expect(await queue.runDue()).toBe(0);
      now += 1000;
      expect(await queue.runDue()).toBe(1);
      expect(handled).toEqual(['B', 'A']);
    } finally {
      await queue.stop();
    }
    // Stopped, it is no longer this process's queue: with no SQS queue configured, queueing fails loudly.
    await expect(enqueueDelivery(message('C'))).rejects.toThrow('WEBHOOK_QUEUE_URL');
  });

  it('receives a message whose handling throws again after 30 s, five times, then keeps it as a dead letter', async () => {
    let now = Date.parse('2026-11-28T12:00:00.000Z');
    setClock(() => now);
    let receives = 0;
    const queue = startLocalWebhookQueue({
      handle: async () => {
        receives++;
        throw new Error('table unreachable');
      },
    });
    try {
      await enqueueDelivery(message('A'));
      for (let i = 0; i < 5; i++) {
        await queue.runDue();
        now += 30_000;
      }
      expect(receives).toBe(5);
      expect(queue.pending()).toEqual([]);
      expect(queue.deadLetters).toEqual([{ message: message('A'), reason: 'table unreachable' }]);
    } finally {
      await queue.stop();
    }
  });
});
