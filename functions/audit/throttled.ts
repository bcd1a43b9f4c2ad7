/**
 * The audit entries of refused (429) sign-in attempts: counted, one entry per throttle counter and window, so a flood
 * of refusals cannot fill the trail. Which window and entry a refusal counts in is decided here; how the counted
 * entry is stored and added to is the model's (countEntry).
 */
import { AUTH } from '../../shared/constants';
import { clock } from '../lib/clock';
import { idFor } from '../lib/ids';
import { countEntry } from './model';

/** A refused (429) attempt, as recordThrottled counts it. */
export interface ThrottledAttempt {
  /** The counter that refused it (its key): one entry per counter and window. */
  counter: string;
  /** What the counter counts, in words ('Codes of browsers not known to this user, per day'). */
  note: string;
  ip: string;
  email?: string;
  actorId?: string;
  actorName?: string;
}

/**
 * Counts a refused attempt in its counter's entry for the current window (AUTH.throttleAuditWindowSeconds), the
 * first refusal creating it. Every parallel refusal computes the entry's key alike (the window's start and the
 * counter), so they all add to one count. The entry shows at the window's start, with the address and email of
 * its first refusal and the time of its last.
 */
export async function recordThrottled(attempt: ThrottledAttempt): Promise<void> {
  const nowMs = clock.now();
  const windowMs = AUTH.throttleAuditWindowSeconds * 1000;
  const startMs = Math.floor(nowMs / windowMs) * windowMs;
  await countEntry(
    {
      _id: idFor(startMs, attempt.counter),
      at: new Date(startMs).toISOString(),
      action: 'signInThrottled',
      ip: attempt.ip,
      note: attempt.note,
      email: attempt.email,
      actorId: attempt.actorId,
      actorName: attempt.actorName,
    },
    new Date(nowMs).toISOString(),
  );
}
