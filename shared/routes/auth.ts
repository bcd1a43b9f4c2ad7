/** Sign-in, sessions and two-factor sign-in (the auth Lambda). */
import {
  type LoginResult,
  loginSchema,
  passwordConfirmSchema,
  type RecoveryCodes,
  type RefreshResult,
  type SessionsEnded,
  type SessionView,
  type TwoFactorSetup,
  twoFactorEnableSchema,
  twoFactorLoginSchema,
} from '../schemas/auth';
import { type ApiRoute, lambdaRoutes, PUBLIC, type RouteExtras, returns, SIGNED_IN } from './kit';

const auth = lambdaRoutes('auth');

/**
 * A call that signs in: anyone may make it, and it reads and sets the sign-in cookies, so a request another site's
 * page made is refused (signInCookies).
 */
const signingIn = <const P extends string, const X extends RouteExtras>(path: P, summary: string, extras: X) =>
  auth.post(path, PUBLIC, summary, { signInCookies: true, ...extras });

export const AUTH_ROUTES = [
  signingIn('/auth/login', 'Sign in with email and password: a session, or a two-factor challenge', {
    body: loginSchema,
    result: returns<LoginResult>(),
  }),
  signingIn('/auth/login/two-factor', 'Second step of sign-in: the challenge with an authenticator or recovery code', {
    body: twoFactorLoginSchema,
    result: returns<LoginResult>(),
  }),
  signingIn(
    '/auth/refresh',
    'A new access token for the session in the refresh cookie, and a new refresh cookie, while the session is alive',
    { result: returns<RefreshResult>() },
  ),
  auth.post('/auth/logout', SIGNED_IN, 'End this session', {
    beforeTwoFactor: true,
    signInCookies: true,
    result: returns<null>(),
  }),
  auth.get('/auth/sessions', SIGNED_IN, 'My sessions', { result: returns<SessionView[]>() }),
  auth.delete('/auth/sessions/{id}', SIGNED_IN, 'End one of my sessions', { result: returns<null>() }),
  auth.post('/auth/sessions/end-others', SIGNED_IN, 'Sign out everywhere else', { result: returns<SessionsEnded>() }),
  auth.post('/auth/two-factor/setup', SIGNED_IN, 'Start two-factor enrolment: a new secret and its otpauth URI', {
    beforeTwoFactor: true,
    result: returns<TwoFactorSetup>(),
  }),
  auth.post('/auth/two-factor/enable', SIGNED_IN, 'Confirm enrolment with a code; returns ten recovery codes once', {
    beforeTwoFactor: true,
    body: twoFactorEnableSchema,
    result: returns<RecoveryCodes>(),
  }),
  auth.post(
    '/auth/two-factor/recovery-codes',
    SIGNED_IN,
    'Ten new recovery codes (the old ones stop working); needs the password',
    { body: passwordConfirmSchema, result: returns<RecoveryCodes>() },
  ),
  auth.post(
    '/auth/two-factor/disable',
    SIGNED_IN,
    'Turn off my second factor (needs the password; refused while a role requires it)',
    { body: passwordConfirmSchema, result: returns<null>() },
  ),
] as const satisfies readonly ApiRoute[];
