/**
 * The webhook queue on one machine: what the local stack (infra/local/stack.ts) runs in place of SQS and the
 * webhook-delivery Lambda's event source. Messages wait in memory until due by the injectable clock
 * (lib/clock.ts), so a test that moves the clock and calls `runDue` runs a day of retries at once. A message whose
 * handling throws is received again after 30 s, five times at most, then kept as a dead letter, as the SQS
 * redrive does. Nothing survives a restart: locally a lost retry costs nothing.
 */
import { clock } from '../lib/clock';
import { type LocalWebhookSink, queueLocallyWith, type WebhookDeliveryMessage } from '../webhook/queue';

export interface LocalQueueOptions {
  /** Handles one message as the Lambda would; a throw is a failed receive. */
  handle: (message: WebhookDeliveryMessage) => Promise<unknown>;
  /** How often due messages run by themselves, in ms; 0: only when `runDue` is called (tests). */
  tickMs?: number;
}

interface Waiting {
  message: WebhookDeliveryMessage;
  dueAt: number;
  receives: number;
}

const REDRIVE = { visibilitySeconds: 30, maxReceives: 5 } as const;

export class LocalWebhookQueue implements LocalWebhookSink {
  private waiting: Waiting[] = [];
  private running: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  readonly deadLetters: { message: WebhookDeliveryMessage; reason: string }[] = [];

  constructor(private readonly options: LocalQueueOptions) {
    if (options.tickMs) {
      this.timer = setInterval(() => void this.runDue(), options.tickMs);
      this.timer.unref();
    }
  }

  send(message: WebhookDeliveryMessage, delaySeconds: number): void {
    this.waiting.push({ message, dueAt: clock.now() + delaySeconds * 1000, receives: 0 });
    if (this.options.tickMs && delaySeconds <= 0) setImmediate(() => void this.runDue());
  }

  deadLetter(message: WebhookDeliveryMessage, reason: string): void {
    this.deadLetters.push({ message, reason });
  }

  /** The messages not run yet, with when each is due. */
  pending(): readonly { message: WebhookDeliveryMessage; dueAt: number }[] {
    return this.waiting;
  }

  /**
   * Runs every message due by the clock, and those that become due meanwhile (a retry due at once), until none
   * is; resolves with how many ran. Calls while a run is on join it.
   */
  runDue(): Promise<number> {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const now = clock.now();
      const due = this.waiting.filter((w) => w.dueAt <= now).sort((a, b) => a.dueAt - b.dueAt);
      if (due.length === 0) return ran;
      this.waiting = this.waiting.filter((w) => w.dueAt > now);
      for (const entry of due) {
        ran++;
        try {
          await this.options.handle(entry.message);
        } catch (error) {
          const receives = entry.receives + 1;
          if (receives >= REDRIVE.maxReceives) {
            this.deadLetter(entry.message, error instanceof Error ? error.message : String(error));
          } else {
            this.waiting.push({ ...entry, receives, dueAt: clock.now() + REDRIVE.visibilitySeconds * 1000 });
          }
        }
      }
    }
  }

  /** Stops the timer and takes the queue out of this process's webhooks. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    queueLocallyWith(undefined);
    await this.running;
  }
}

/** Starts a queue and makes it this process's webhook queue (queue.ts). */
export function startLocalWebhookQueue(options: LocalQueueOptions): LocalWebhookQueue {
  const queue = new LocalWebhookQueue(options);
  queueLocallyWith(queue);
  return queue;
}
