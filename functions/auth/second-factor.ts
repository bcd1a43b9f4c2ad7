import { recordAudit } from '../audit/model';
import { badRequest } from '../lib/errors';
import { challengeCounter, chargeAttempt, codeBudgetCounter, settleSuccess } from '../throttle/model';
import { claimStep, spendRecoveryCode, type TwoFactorRecord } from '../two-factor/model';
import type { UserRecord } from '../user/model';
import { hashRecoveryCode, isTotpCode, openSecret, totpStep } from './credentials';

export const WRONG_CODE = 'That code is not valid; check your authenticator app and try again';
const TOO_MANY_CODES = 'Too many wrong codes; wait and try again, or sign in with a recovery code';

/** Where a code came from: the address, the sign-in challenge it answers, and the browser when it is trusted. */
export interface CodeAttempt {
  ip: string;
  challengeId: string;
  /** The browser's device id, when its cookie was issued to this user since two-factor was turned on. */
  trustedDeviceId?: string;
}

/**
 * Which kind of code signed in; a wrong or reused one is a 400 after the attempt was counted. Every code is
 * charged to its challenge (growing delays for that challenge only); an authenticator code also to a daily
 * budget, the browser's own when it is trusted, else the one all other browsers share (functions/README.md,
 * "Throttling"). Recovery codes (about 49 bits each) have no daily budget, so a guesser who used up the shared
 * one cannot keep the owner out.
 */
export async function checkSecondFactor(
  user: UserRecord,
  twoFactor: TwoFactorRecord,
  code: string,
  attempt: CodeAttempt,
): Promise<'totp' | 'recovery'> {
  const totp = isTotpCode(code);
  const counters = [challengeCounter(attempt.challengeId)];
  if (totp) counters.push(codeBudgetCounter(user._id, attempt.trustedDeviceId));
  const charge = await chargeAttempt(
    counters,
    { ip: attempt.ip, email: user.email, actorId: user._id, actorName: user.name },
    totp ? TOO_MANY_CODES : undefined,
  );
  const kind = await acceptedCode(twoFactor, code);
  if (!kind) {
    await recordAudit({
      action: 'signInFailed',
      actorId: user._id,
      actorName: user.name,
      email: user.email,
      ip: attempt.ip,
      note: 'Wrong second-factor code',
    });
    throw badRequest(WRONG_CODE, 'AuthError');
  }
  await settleSuccess(charge);
  return kind;
}

async function acceptedCode(twoFactor: TwoFactorRecord, code: string): Promise<'totp' | 'recovery' | undefined> {
  if (isTotpCode(code)) {
    const step = totpStep(await openSecret(twoFactor.secret), code);
    return step !== undefined && (await claimStep(twoFactor.userId, step)) ? 'totp' : undefined;
  }
  return (await spendRecoveryCode(twoFactor, hashRecoveryCode(code))) ? 'recovery' : undefined;
}
