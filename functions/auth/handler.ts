/** Sign-in, sessions and two-factor sign-in. */
import { AUTH_ROUTES } from '../../shared/routes/auth';
import { reply, routeParam, signedInUser } from '../lib/http';
import { createHandler } from './gate';
import { login, loginWithCode, logout, refresh } from './service';
import { endMyOtherSessions, endMySession, mySessions } from './sessions-service';
import { confirmEnrolment, renewRecoveryCodes, startEnrolment, turnOff } from './two-factor-service';

export const handler = createHandler('auth', AUTH_ROUTES, {
  'POST /auth/login': async (req) => {
    const { result, cookies } = await login(req.body, req);
    return reply(200, result, undefined, cookies);
  },
  'POST /auth/login/two-factor': async (req) => {
    const { result, cookies } = await loginWithCode(req.body, req);
    return reply(200, result, undefined, cookies);
  },
  'POST /auth/refresh': async (req) => {
    const { result, cookies } = await refresh(req);
    return reply(200, result, undefined, cookies);
  },
  'POST /auth/logout': async (req) => reply(200, null, undefined, await logout(signedInUser(req), req)),
  'GET /auth/sessions': (req) => mySessions(signedInUser(req)),
  'DELETE /auth/sessions/{id}': (req) => endMySession(signedInUser(req), routeParam(req, 'id'), req.ip),
  'POST /auth/sessions/end-others': (req) => endMyOtherSessions(signedInUser(req), req.ip),
  'POST /auth/two-factor/setup': (req) => startEnrolment(signedInUser(req)),
  'POST /auth/two-factor/enable': async (req) => {
    const { result, cookies } = await confirmEnrolment(signedInUser(req), req.body, req);
    return reply(200, result, undefined, cookies);
  },
  'POST /auth/two-factor/recovery-codes': (req) => renewRecoveryCodes(signedInUser(req), req.body, req.ip),
  'POST /auth/two-factor/disable': (req) => turnOff(signedInUser(req), req.body, req.ip),
});
