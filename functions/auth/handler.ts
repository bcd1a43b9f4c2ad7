import { loginSchema } from '../../shared/schemas/auth';
import { createHandler, parseWith } from '../lib/http';
import { login } from './service';

export const handler = createHandler('auth', {
  'POST /auth/login': (req) => login(parseWith(loginSchema, req.body), req.ip),
});
