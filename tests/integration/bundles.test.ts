import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { esbuildOptions, handlerEntry } from '../../infra/bundling';
import { admin } from './helpers';

const out = mkdtempSync(join(tmpdir(), 'admin-portal-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The Lambda bundles (built as the CDK stack builds them, credential alias included) run for real. */
describe('deployed bundles', () => {
  it('the auth bundle signs in against DynamoDB Local with credentials from the environment', async () => {
    const file = join(out, 'auth.cjs');
    await build(esbuildOptions(handlerEntry('auth'), file));
    // The SDK's default credential chain (SSO, profiles, …) is replaced by the environment-only provider.
    expect(readFileSync(file, 'utf8')).not.toContain('sso_start_url');
    const { handler } = createRequire(import.meta.url)(file) as {
      handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>;
    };
    const response = await handler(
      {
        version: '2.0',
        routeKey: 'POST /auth/login',
        rawPath: '/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
        isBase64Encoded: false,
        requestContext: { http: { method: 'POST', path: '/auth/login', sourceIp: '10.0.0.9' } },
      },
      {},
    );
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data.user.email).toBe(admin.email);
  });
});
