/** Sign-in: bcrypt check, failed-attempt limits per email and per IP, blocked users refused. */
import { AUTH } from '../../shared/constants';
import type { LoginInput } from '../../shared/schemas/auth';
import { signToken, toAuthUser } from '../lib/auth';
import { badRequest, tooManyRequests } from '../lib/errors';
import { checkPassword, TIMING_DECOY_HASH } from '../lib/passwords';
import { getUserByEmail } from '../user/repo';
import { currentUser } from '../user/view';
import { clearFailures, failuresIn, recordFailure, throttleKeys } from './throttle-repo';

const TOO_MANY = 'Too many failed sign-in attempts; please wait and try again';

export async function login(input: LoginInput, ip: string) {
  const emailKey = throttleKeys.byEmail(input.email);
  const ipKey = throttleKeys.byIp(ip);
  const [byEmail, byIp] = await Promise.all([failuresIn(emailKey), failuresIn(ipKey)]);
  if (byEmail.count >= AUTH.maxFailedLoginsPerEmail) throw tooManyRequests(TOO_MANY, byEmail.retryAfter);
  if (byIp.count >= AUTH.maxFailedLoginsPerIp) throw tooManyRequests(TOO_MANY, byIp.retryAfter);

  const user = await getUserByEmail(input.email);
  const matches = await checkPassword(input.password, user?.passwordHash ?? TIMING_DECOY_HASH);
  if (!user || !matches) {
    await Promise.all([
      recordFailure(emailKey, AUTH.failedLoginWindowSeconds),
      recordFailure(ipKey, AUTH.failedLoginWindowSeconds),
    ]);
    throw badRequest('Invalid email or password', 'AuthError');
  }
  if (user.status === 'Disable') throw badRequest('This account is blocked; please contact admin', 'AuthError');
  await clearFailures(emailKey);
  const token = await signToken(user);
  return { token, user: currentUser(await toAuthUser(user)) };
}
