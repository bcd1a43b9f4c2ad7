/**
 * One integration stack in a process of its own: DynamoDB Local (in memory), s3rver and the gateway running the
 * real handlers (the Lambda bundles when LAMBDA_BUNDLES=1), with the super admin seeded. global-setup.ts starts one
 * per integration project. The stack configures its handlers through process.env, as Lambda does, so two stacks in
 * one process would share one table; in their own processes they cannot.
 * Prints one JSON line, the StackInfo, once it serves; stops when told (SIGTERM, SIGINT) or when its parent goes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildBundles } from '../../infra/local/bundles';
import { startLocalStack } from '../../infra/local/stack';

export const ADMIN = { email: 'root@example.com', password: 'Root-Password-1', name: 'Root Admin' };

export interface StackInfo {
  apiUrl: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** Where the Lambda bundles are when the stack runs them (LAMBDA_BUNDLES=1), else ''. */
  bundlesDir: string;
  /**
   * What the stack put in its environment for the handlers (startLocalStack configures them as Lambda is configured),
   * which a test process calling handlers directly needs too: every variable it set or changed.
   */
  env: Record<string, string>;
}

async function main(scratch: string): Promise<void> {
  const inherited = { ...process.env };
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
    // What the stack reports (a sweeper's work, a stream consumer that failed) goes to the run's output: when a test
    // waits in vain for a projection, the reason is there.
    log: (line) => process.stderr.write(`[stack] ${line}\n`),
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
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => inherited[entry[0]] !== entry[1]),
  );
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
