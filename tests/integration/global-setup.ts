/**
 * Starts the real local stack once for all integration tests: DynamoDB Local (in memory) and s3rver on free
 * ports, the gateway running the real handlers. Tests reach it over HTTP and, for setup, through the repos.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildBundles } from '../../infra/local/bundles';
import { startLocalStack } from '../../infra/local/stack';

export const ADMIN = { email: 'root@example.com', password: 'Root-Password-1', name: 'Root Admin' };

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dynamoEndpoint: string;
    s3Endpoint: string;
    jwtSecret: string;
    admin: typeof ADMIN;
    /** Where the Lambda bundles are when the stack runs them (LAMBDA_BUNDLES=1), else ''. */
    bundlesDir: string;
  }
}

export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL = 'silent';
  process.env.JWT_SECRET = randomBytes(48).toString('base64url');
  const scratch = mkdtempSync(join(tmpdir(), 'admin-portal-it-'));
  // LAMBDA_BUNDLES=1 (CI): every route runs the esbuild output `cdk deploy` uploads, not the TypeScript sources.
  if (process.env.LAMBDA_BUNDLES === '1') {
    const dir = join(scratch, 'bundles');
    await buildBundles(dir);
    process.env.LAMBDA_BUNDLES_DIR = dir;
  }
  const stack = await startLocalStack({
    port: 0,
    scratchDir: join(scratch, 's3'),
    seedUsers: [{ ...ADMIN, isSuperAdmin: true }],
  });
  project.provide('apiUrl', `${stack.url}/api`);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('s3Endpoint', stack.s3Endpoint);
  project.provide('jwtSecret', process.env.JWT_SECRET);
  project.provide('admin', ADMIN);
  project.provide('bundlesDir', process.env.LAMBDA_BUNDLES_DIR ?? '');
  return async () => {
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
}
