/** A signed-in user re-enters their password for a sensitive change; throttled with their second-factor codes. */
import { badRequest } from '../lib/errors';
import { checkPassword } from '../lib/passwords';
import { chargeAttempt, settleSuccess, userCodeCounter } from '../throttle/repo';
import type { UserRecord } from './repo';

export async function confirmPassword(
  user: UserRecord,
  password: string,
  wrongMessage = 'Your password is not correct',
): Promise<void> {
  const charge = await chargeAttempt([userCodeCounter(user._id)]);
  if (!(await checkPassword(password, user.passwordHash))) throw badRequest(wrongMessage);
  await settleSuccess(charge);
}
