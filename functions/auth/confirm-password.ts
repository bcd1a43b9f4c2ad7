import { badRequest } from '../lib/errors';
import { checkPassword } from '../lib/passwords';
import type { UserRecord } from '../user/repo';
import { chargeAttempt, settleSuccess, userCodeCounter } from './throttle-repo';

export async function confirmPassword(
  user: UserRecord,
  password: string,
  wrongMessage = 'Your password is not correct',
): Promise<void> {
  const charge = await chargeAttempt([userCodeCounter(user._id)]);
  if (!(await checkPassword(password, user.passwordHash))) throw badRequest(wrongMessage);
  await settleSuccess(charge);
}
