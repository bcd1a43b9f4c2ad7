/**
 * One integration stack in a process of its own: DynamoDB Local (in memory), s3rver and the gateway running the
 * real handlers (the Lambda bundles when LAMBDA_BUNDLES=1), with the super admin seeded. global-setup.ts starts one
 * per integration project. The stack configures its handlers through process.env, as Lambda does, so two stacks in
 * one process would share one table; in their own processes they cannot.
 * Prints one JSON line, the StackInfo, once it serves; stops when told (SIGTERM, SIGINT) or when its parent goes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_BCRYPT_COST_ENV } from '../../functions/lib/passwords';
import { buildBundles } from '../../infra/local/bundles';
import { startLocalStack } from '../../infra/local/stack';

export const ADMIN = { email: 'root@example.com', password: 'Root-Password-1', name: 'Root Admin' };

/** What the handlers read from the environment, which a test process calling them directly needs too. */
const HANDLER_ENV = [
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'TABLE_NAME',
  'MEDIA_BUCKET',
  'DYNAMODB_ENDPOINT',
  'S3_ENDPOINT',
  'S3_PUBLIC_ENDPOINT',
  'JWT_SECRET',
  'NAME_SYNC',
  'POWERTOOLS_DEV',
  'POWERTOOLS_METRICS_DISABLED',
  'POWERTOOLS_TRACE_ENABLED',
  'LAMBDA_BUNDLES_DIR',
  TEST_BCRYPT_COST_ENV,
] as const;

export interface StackInfo {
  apiUrl: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** Where the Lambda bundles are when the stack runs them (LAMBDA_BUNDLES=1), else ''. */
  bundlesDir: string;
  /** HANDLER_ENV as the stack set it. */
  env: Record<string, string>;
}

async function main(scratch: string): Promise<void> {
  mkdirSync(scratch, { recursive: true });
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
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stack.stop().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent holds the other end of stdin: when it goes, however it went, so does this stack (and its JVM).
  process.stdin.on('close', stop);
  process.stdin.resume();
  const env = Object.fromEntries(HANDLER_ENV.map((name) => [name, process.env[name] ?? '']));
  const info: StackInfo = {
    apiUrl: `${stack.url}/api`,
    dynamoEndpoint: stack.dynamoEndpoint,
    s3Endpoint: stack.s3Endpoint,
    bundlesDir: process.env.LAMBDA_BUNDLES_DIR ?? '',
    env,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);
}

const scratchArg = process.argv[2];
if (scratchArg && process.argv[1]?.endsWith('stack-process.ts')) {
  main(scratchArg).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
