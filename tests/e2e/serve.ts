/** Serves the local stack for the e2e run (started and stopped by Playwright's webServer). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { TEST_BCRYPT_COST_ENV } from '../../functions/lib/passwords';
import { REPO_ROOT, startLocalStack } from '../../infra/local/stack';
import { seatCount, seatEmail } from './seats';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL = 'error';
// bcrypt at its lowest cost: what the specs check is the same, at a fraction of the CPU (functions/lib/passwords.ts).
process.env[TEST_BCRYPT_COST_ENV] = '4';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run through tests/e2e/playwright.config.ts)`);
  return value;
};

const scratch = mkdtempSync(join(tmpdir(), 'admin-portal-e2e-'));
const stack = await startLocalStack({
  port: Number(env('E2E_PORT')),
  scratchDir: join(scratch, 's3'),
  // E2E_WEB_DIR: a build of one's own (vite build --outDir …), safe from others rebuilding web/dist meanwhile.
  webDir: process.env.E2E_WEB_DIR ?? join(REPO_ROOT, 'web', 'dist'),
  // An admin and a limited user per worker (seats.ts).
  seedUsers: Array.from({ length: seatCount() }, (_, seat) => [
    {
      email: seatEmail(env('E2E_ADMIN_EMAIL'), seat),
      password: env('E2E_ADMIN_PASSWORD'),
      name: 'Ada Admin',
      isSuperAdmin: true,
    },
    { email: seatEmail(env('E2E_LIMITED_EMAIL'), seat), password: env('E2E_LIMITED_PASSWORD'), name: 'Lee Limited' },
  ]).flat(),
  publisherEveryMs: 60_000,
});
console.log(`e2e stack on ${stack.url}`);

/** Where specs find the stack's stores, to run jobs such as the publisher against them (see publisher.ts). */
export interface StackInfo {
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  bucket: string;
  region: string;
}
const infoFile = process.env.E2E_STACK_INFO;
if (infoFile) {
  const info: StackInfo = {
    dynamoEndpoint: stack.dynamoEndpoint,
    s3Endpoint: stack.s3Endpoint,
    // startLocalStack puts the handlers' configuration in this process's environment.
    tableName: env('TABLE_NAME'),
    bucket: env('MEDIA_BUCKET'),
    region: env('AWS_REGION'),
  };
  mkdirSync(dirname(infoFile), { recursive: true });
  writeFileSync(infoFile, JSON.stringify(info, null, 2));
}

const stop = async () => {
  if (infoFile) rmSync(infoFile, { force: true });
  await stack.stop();
  rmSync(scratch, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
