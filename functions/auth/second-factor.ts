import { recordAudit } from '../audit/repo';
import { badRequest } from '../lib/errors';
import { chargeAttempt, settleSuccess, userCodeCounter } from '../throttle/repo';
import { claimStep, spendRecoveryCode, type TwoFactorRecord } from '../two-factor/repo';
import type { UserRecord } from '../user/repo';
import { hashRecoveryCode, isTotpCode, openSecret, totpStep } from './credentials';

export const WRONG_CODE = 'That code is not valid; check your authenticator app and try again';

/** Which kind of code signed in; a wrong or reused one is a 400 after the attempt was counted. */
export async function checkSecondFactor(
  user: UserRecord,
  twoFactor: TwoFactorRecord,
  code: string,
  ip: string,
): Promise<'totp' | 'recovery'> {
  const charge = await chargeAttempt([userCodeCounter(user._id)]);
  const kind = await acceptedCode(twoFactor, code);
  if (!kind) {
    await recordAudit({
      action: 'signInFailed',
      actorId: user._id,
      actorName: user.name,
      email: user.email,
      ip,
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
