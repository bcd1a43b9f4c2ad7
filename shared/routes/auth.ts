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
import { type ApiRoute, lambdaRoutes, PUBLIC, returns, SIGNED_IN } from './kit';

const auth = lambdaRoutes('auth');

export const AUTH_ROUTES = [
  auth.post('/auth/login', PUBLIC, 'Sign in with email and password: a session, or a two-factor challenge', {
    signInCookies: true,
    body: loginSchema,
    result: returns<LoginResult>(),
  }),
  auth.post(
    '/auth/login/two-factor',
    PUBLIC,
    'Second step of sign-in: the challenge with an authenticator or recovery code',
    { signInCookies: true, body: twoFactorLoginSchema, result: returns<LoginResult>() },
  ),
  auth.post(
    '/auth/refresh',
    PUBLIC,
    'A new access token for the session in the refresh cookie, and a new refresh cookie, while the session is alive',
    { signInCookies: true, result: returns<RefreshResult>() },
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
