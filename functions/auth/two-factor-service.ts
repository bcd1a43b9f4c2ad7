/** Two-factor enrolment and management for the signed-in user (POST /auth/two-factor/*). */

import type {
  PasswordConfirmInput,
  RecoveryCodes,
  TwoFactorEnableInput,
  TwoFactorSetup,
} from '../../shared/schemas/auth';
import { recordAudit } from '../audit/model';
import { clock } from '../lib/clock';
import { badRequest } from '../lib/errors';
import type { Request } from '../lib/http';
import {
  deleteTwoFactor,
  enableTwoFactor,
  getTwoFactor,
  putPendingTwoFactor,
  replaceRecoveryCodes,
} from '../two-factor/model';
import type { AuthUser } from '../user/auth-user';
import { confirmPassword } from '../user/confirm-password';
import { deviceCookie } from './cookies';
import {
  hashRecoveryCode,
  newDeviceCookie,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  totpStep,
} from './credentials';
import { WRONG_CODE } from './second-factor';

const ALREADY_ON = 'Two-factor sign-in is already on; turn it off first to set it up again';

/**
 * A new secret, not in force until confirmed. It needs no password: it can replace only a set-up nobody confirmed
 * (a confirmed second factor is refused), and confirming asks for the password.
 */
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

/**
 * Turns the second factor on: the password (an access token alone must not be enough to put someone else's
 * authenticator on the account and lock its owner out), then a code of the pending secret. The browser that did
 * it gets a device cookie issued under this second factor, so it has its own code budget from the start.
 */
export async function confirmEnrolment(
  actor: AuthUser,
  input: TwoFactorEnableInput,
  req: Request,
): Promise<{ result: RecoveryCodes; cookies: string[] }> {
  const pending = await getTwoFactor(actor._id);
  if (pending?.enabled) throw badRequest(ALREADY_ON);
  if (!pending) throw badRequest('Start the set-up again: no two-factor set-up is in progress');
  // Every attempt passes the password, throttled with the user's re-entries; the code is of a secret the caller
  // was just given, so guessing it gains nothing and needs no counter of its own.
  await confirmPassword(actor.record, input.password, { ip: req.ip, purpose: 'Turning on two-factor sign-in' });
  const step = totpStep(await openSecret(pending.secret), input.code);
  if (step === undefined) {
    await recordAudit({ action: 'twoFactorSetupFailed', actorId: actor._id, actorName: actor.name, ip: req.ip });
    throw badRequest(WRONG_CODE);
  }
  const recoveryCodes = newRecoveryCodes();
  const enabledAt = clock.iso();
  if (!(await enableTwoFactor(pending, step, recoveryCodes.map(hashRecoveryCode), enabledAt))) {
    throw badRequest('The set-up changed in another window; start it again');
  }
  await recordAudit({ action: 'twoFactorEnabled', actorId: actor._id, actorName: actor.name, ip: req.ip });
  const device = await newDeviceCookie(actor.record, Date.parse(enabledAt));
  return { result: { recoveryCodes }, cookies: [deviceCookie(req, device)] };
}

export async function renewRecoveryCodes(
  actor: AuthUser,
  input: PasswordConfirmInput,
  ip: string,
): Promise<RecoveryCodes> {
  const current = await getTwoFactor(actor._id);
  if (!current?.enabled) throw badRequest('Two-factor sign-in is not on');
  await confirmPassword(actor.record, input.password, { ip, purpose: 'Asking for new recovery codes' });
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(actor._id, recoveryCodes.map(hashRecoveryCode));
  await recordAudit({ action: 'recoveryCodesRenewed', actorId: actor._id, actorName: actor.name, ip });
  return { recoveryCodes };
}

export async function turnOff(actor: AuthUser, input: PasswordConfirmInput, ip: string): Promise<null> {
  if (actor.twoFactorRequired) throw badRequest('Your role requires two-factor sign-in; it cannot be turned off');
  const current = await getTwoFactor(actor._id);
  if (!current?.enabled) throw badRequest('Two-factor sign-in is not on');
  await confirmPassword(actor.record, input.password, { ip, purpose: 'Turning off two-factor sign-in' });
  await deleteTwoFactor(actor._id);
  await recordAudit({ action: 'twoFactorDisabled', actorId: actor._id, actorName: actor.name, ip });
  return null;
}
