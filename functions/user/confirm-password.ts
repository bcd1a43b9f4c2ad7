/** A signed-in user re-enters their password for a sensitive change; throttled per user, a wrong one audited. */
import { recordAudit } from '../audit/model';
import { badRequest } from '../lib/errors';
import { checkPassword } from '../lib/passwords';
import { chargeAttempt, reentryCounter, settleSuccess } from '../throttle/model';
import type { UserRecord } from './model';

export interface Reentry {
  /** The request's address (`req.ip`), for the audit trail. */
  ip: string;
  /** What the password was asked for, as the audit entry of a wrong one notes it ('Turning off two-factor sign-in'). */
  purpose: string;
  wrongMessage?: string;
}

export async function confirmPassword(user: UserRecord, password: string, reentry: Reentry): Promise<void> {
  const charge = await chargeAttempt([reentryCounter(user._id)], {
    ip: reentry.ip,
    email: user.email,
    actorId: user._id,
    actorName: user.name,
  });
  if (!(await checkPassword(password, user.passwordHash))) {
    await recordAudit({
      action: 'passwordCheckFailed',
      actorId: user._id,
      actorName: user.name,
      ip: reentry.ip,
      note: reentry.purpose,
    });
    throw badRequest(reentry.wrongMessage ?? 'Your password is not correct');
  }
  await settleSuccess(charge);
}
