/**
 * `npm start` (built admin) and `npm run dev` (Vite hot reload): the whole stack on http://localhost:PORT.
 * `npm start -- --bundles` runs the Lambda bundles `cdk deploy` would upload instead of the TypeScript sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JAVA_MISSING, javaAvailable } from './dynamo';
import { REPO_ROOT, startLocalStack } from './stack';

const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
const DEFAULT_ADMIN_PASSWORD = 'ChangeMe-Admin-2026';

const dev = process.argv.includes('--dev');
const bundles = process.argv.includes('--bundles');
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data');
const webSrc = join(REPO_ROOT, 'web');
const webDist = join(REPO_ROOT, 'web', 'dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the admin app when it is missing or older than its sources (web/ and shared/). */
function buildWebIfStale(): void {
  const index = join(webDist, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built > Math.max(newestMtime(webSrc), newestMtime(join(REPO_ROOT, 'shared')))) return;
  console.log('Building the admin app…');
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The admin app did not build; see the errors above.');
    process.exit(1);
  }
}

// The SDK warns that Node 20 support ends in 2027; Lambda runs Node 22, and the warning only adds noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main(): Promise<void> {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, got "${process.env.PORT}"`);
    process.exit(1);
  }
  if (!javaAvailable()) {
    console.error(JAVA_MISSING);
    process.exit(1);
  }
  const adminEmail = process.env.SEED_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const adminPassword = process.env.SEED_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;

  let middleware: Parameters<typeof startLocalStack>[0]['middleware'];
  let closeVite: (() => Promise<void>) | undefined;
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: join(REPO_ROOT, 'web/vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'spa',
    });
    middleware = vite.middlewares;
    closeVite = () => vite.close();
  } else {
    buildWebIfStale();
  }

  if (bundles) {
    const dir = join(REPO_ROOT, '.bundles');
    console.log('Building the Lambda bundles as cdk deploy does…');
    // Loaded only here: esbuild and the CDK's bundling types are not needed for a plain start.
    const { buildBundles } = await import('./bundles');
    const built = await buildBundles(dir);
    process.env.LAMBDA_BUNDLES_DIR = dir;
    console.log(`  ${built.length} bundles in ${dir}`);
  }

  const stack = await startLocalStack({
    port,
    dataDir,
    webDir: webDist,
    middleware,
    seedUsers: [{ email: adminEmail, password: adminPassword, name: 'Super Admin', isSuperAdmin: true }],
    publisherEveryMs: 60_000,
    sweeperEveryMs: 60 * 60_000,
    log: (line) => console.log(`  ${line}`),
  });

  console.log(`
Admin Portal is running${dev ? ' (dev, hot reload)' : ''}${bundles ? ' (Lambda bundles)' : ''}: ${stack.url}
  data:         ${dataDir}
  super admin:  ${adminEmail} / ${process.env.SEED_ADMIN_PASSWORD ? '(SEED_ADMIN_PASSWORD)' : adminPassword}
                (set SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD before the first start to choose others)
  DynamoDB:     ${stack.dynamoEndpoint}   S3: ${stack.s3Endpoint}
Press Ctrl-C to stop.
`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await closeVite?.();
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
