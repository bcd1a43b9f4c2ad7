/**
 * The local stack a benchmark runs against, in its own process: a fresh in-memory DynamoDB Local, s3rver in a
 * temporary folder, a free port, and a seeded super admin already signed in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../local/stack';

const ADMIN = { email: 'bench@example.com', password: 'Bench-Password-1', name: 'Bench Admin' };

export interface BenchStack {
  stack: Awaited<ReturnType<typeof startLocalStack>>;
  /** The API's base address (`…/api`). */
  api: string;
  /** The admin's bearer token and a JSON body's type, for the API's calls. */
  auth: Record<string, string>;
  /** Stops the stack and removes its folder. */
  stop: () => Promise<void>;
}

export async function startBenchStack(name: string): Promise<BenchStack> {
  const scratch = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const stack = await startLocalStack({
    port: 0,
    scratchDir: scratch,
    seedUsers: [{ ...ADMIN, isSuperAdmin: true }],
    log: (line) => console.error(`[stack] ${line}`),
  });
  const stop = async () => {
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const api = `${stack.url}/api`;
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    return { stack, api, auth: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
