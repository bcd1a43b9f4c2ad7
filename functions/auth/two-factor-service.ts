/** Two-factor enrolment and management for the signed-in user (POST /auth/two-factor/*). */

import type {
  PasswordConfirmInput,
  RecoveryCodes,
  TwoFactorEnableInput,
  TwoFactorSetup,
} from '../../shared/schemas/auth';
import { recordAudit } from '../audit/repo';
import { clock } from '../lib/clock';
import { badRequest } from '../lib/errors';
import { chargeAttempt, settleSuccess, userCodeCounter } from '../throttle/repo';
import {
  deleteTwoFactor,
  enableTwoFactor,
  getTwoFactor,
  putPendingTwoFactor,
  replaceRecoveryCodes,
} from '../two-factor/repo';
import type { AuthUser } from '../user/auth-user';
import { confirmPassword } from '../user/confirm-password';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, openSecret, sealSecret, totpStep } from './credentials';
import { WRONG_CODE } from './second-factor';

const ALREADY_ON = 'Two-factor sign-in is already on; turn it off first to set it up again';

export async function startEnrolment(actor: AuthUser): Promise<TwoFactorSetup> {
  const { secret, uri } = newTotpSecret(actor.email);
  const started = await putPendingTwoFactor({
    userId: actor._id,
    secret: await sealSecret(secret),
    enabled: false,
    createdAt: clock.iso(),
    lastStep: 0,
    recoveryCodeHashes: [],
  });
  if (!started) throw badRequest(ALREADY_ON);
  return { secret, uri };
}

export async function confirmEnrolment(
  actor: AuthUser,
  input: TwoFactorEnableInput,
  ip: string,
): Promise<RecoveryCodes> {
  const pending = await getTwoFactor(actor._id);
  if (pending?.enabled) throw badRequest(ALREADY_ON);
  if (!pending) throw badRequest('Start the set-up again: no two-factor set-up is in progress');
  const charge = await chargeAttempt([userCodeCounter(actor._id)]);
  const step = totpStep(await openSecret(pending.secret), input.code);
  if (step === undefined) throw badRequest(WRONG_CODE);
  const recoveryCodes = newRecoveryCodes();
  if (!(await enableTwoFactor(pending, step, recoveryCodes.map(hashRecoveryCode), clock.iso()))) {
    throw badRequest('The set-up changed in another window; start it again');
  }
  await settleSuccess(charge);
  await recordAudit({ action: 'twoFactorEnabled', actorId: actor._id, actorName: actor.name, ip });
  return { recoveryCodes };
}

export async function renewRecoveryCodes(
  actor: AuthUser,
  input: PasswordConfirmInput,
  ip: string,
): Promise<RecoveryCodes> {
  const current = await getTwoFactor(actor._id);
  if (!current?.enabled) throw badRequest('Two-factor sign-in is not on');
  await confirmPassword(actor.record, input.password);
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(actor._id, recoveryCodes.map(hashRecoveryCode));
  await recordAudit({ action: 'recoveryCodesRenewed', actorId: actor._id, actorName: actor.name, ip });
  return { recoveryCodes };
}

export async function turnOff(actor: AuthUser, input: PasswordConfirmInput, ip: string): Promise<null> {
  if (actor.twoFactorRequired) throw badRequest('Your role requires two-factor sign-in; it cannot be turned off');
  const current = await getTwoFactor(actor._id);
  if (!current?.enabled) throw badRequest('Two-factor sign-in is not on');
  await confirmPassword(actor.record, input.password);
  await deleteTwoFactor(actor._id);
  await recordAudit({ action: 'twoFactorDisabled', actorId: actor._id, actorName: actor.name, ip });
  return null;
}
