/**
 * The server side of `npm run bench:upload`: the local stack in its own process, so its memory is measured
 * apart from the uploader's. Prints `READY <url>` once listening and `PEAK_RSS <bytes>` when stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../local/stack';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL = 'error';

const scratch = mkdtempSync(join(tmpdir(), 'admin-portal-bench-'));
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);

const stack = await startLocalStack({
  port: 0,
  scratchDir: join(scratch, 's3'),
  seedUsers: [{ email: 'bench@example.com', password: 'Bench-Pass-1', name: 'Bench', isSuperAdmin: true }],
});
console.log(`READY ${stack.url}`);

process.on('SIGTERM', async () => {
  clearInterval(sampler);
  await stack.stop();
  rmSync(scratch, { recursive: true, force: true });
  console.log(`PEAK_RSS ${peak}`);
  process.exit(0);
});
