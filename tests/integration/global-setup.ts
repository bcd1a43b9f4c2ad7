/**
 * Starts one integration project's stack (stack-process.ts, in a process of its own) and tells the project's test
 * files where it is. Each integration project (vitest.config.ts) has its own stack, so the projects run side by
 * side while each one's files run one at a time, as every file expects.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';
import { TEST_BCRYPT_COST_ENV } from '../../functions/lib/passwords';
import { ADMIN, type StackInfo } from './stack-process';

export { ADMIN };

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dynamoEndpoint: string;
    s3Endpoint: string;
    jwtSecret: string;
    admin: typeof ADMIN;
    /** Where the Lambda bundles are when the stack runs them (LAMBDA_BUNDLES=1), else ''. */
    bundlesDir: string;
    /** The environment the stack's handlers run with, for handlers a test calls in its own process. */
    stackEnv: Record<string, string>;
  }
}

/** Resolves with the first line the stack prints; rejects if it exits first. */
function stackInfo(child: ChildProcess, name: string): Promise<StackInfo> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve(JSON.parse(line) as StackInfo));
    child.once('exit', (code) => reject(new Error(`The ${name} stack exited (${code}) before it served`)));
  });
}

export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL = 'silent';
  const scratch = mkdtempSync(join(tmpdir(), `admin-portal-${project.name}-`));
  // What this stack's handlers, and the tests that call them directly, get from here rather than from the stack.
  const handed = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    // bcrypt at its lowest cost: what the tests check is the same, at a fraction of the CPU (passwords.ts).
    [TEST_BCRYPT_COST_ENV]: '4',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'stack-process.ts'), scratch], {
    env: { ...process.env, ...handed },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const info = await stackInfo(child, project.name);
  project.provide('apiUrl', info.apiUrl);
  project.provide('dynamoEndpoint', info.dynamoEndpoint);
  project.provide('s3Endpoint', info.s3Endpoint);
  project.provide('jwtSecret', handed.JWT_SECRET);
  project.provide('admin', ADMIN);
  project.provide('bundlesDir', info.bundlesDir);
  project.provide('stackEnv', { ...handed, ...info.env });
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(scratch, { recursive: true, force: true });
  };
}
