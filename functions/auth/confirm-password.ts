/**
 * Password re-entry for sensitive changes (one's own password, new recovery codes, turning two-factor off),
 * charged to the user's code counter first so a stolen session cannot guess at bcrypt speed. Kept apart from
 * the TOTP code so the user Lambda does not bundle otpauth.
 */
import { AUTH } from '../../shared/constants';
import { throttleKeys } from '../lib/db/throttle-keys';
import { badRequest } from '../lib/errors';
import { checkPassword } from '../lib/passwords';
import type { UserRecord } from '../user/repo';
import { chargeAttempt, settleSuccess } from './throttle-repo';

export async function confirmPassword(
  user: UserRecord,
  password: string,
  wrongMessage = 'Your password is not correct',
): Promise<void> {
  const charge = await chargeAttempt([{ key: throttleKeys.code(user._id), kind: 'limit', free: AUTH.freeFailures }]);
  if (!(await checkPassword(password, user.passwordHash))) throw badRequest(wrongMessage);
  await settleSuccess(charge);
}
