/**
 * Runs the scheduled publisher (functions/publisher) against the e2e stack with a clock the test chooses, the
 * way the every-minute timer would at that moment. serve.ts runs in another process and writes where its
 * DynamoDB is; this reads that file and points the handler's environment at it.
 */
import { readFileSync } from 'node:fs';
import type { StackInfo } from './serve';
import { env } from './support';

function stackInfo(): StackInfo {
  return JSON.parse(readFileSync(env('E2E_STACK_INFO'), 'utf8')) as StackInfo;
}

let configured = false;

/** Points this process's handler environment (DynamoDB, S3, table) at the e2e stack, once. */
export async function pointAtE2eStack(): Promise<void> {
  if (configured) return;
  const info = stackInfo();
  // DynamoDB Local runs with -sharedDb, so any credentials reach the same tables.
  Object.assign(process.env, {
    AWS_REGION: info.region,
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'e2e',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'e2e',
    DYNAMODB_ENDPOINT: info.dynamoEndpoint,
    S3_ENDPOINT: info.s3Endpoint,
    TABLE_NAME: info.tableName,
    MEDIA_BUCKET: info.bucket,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  const { resetDbClient } = await import('../../functions/lib/db/client');
  resetDbClient();
  configured = true;
}

/** One publisher run as if the clock read `at`: every Scheduled article due by then is published. */
export async function runPublisher(at: Date): Promise<{ published: number; skipped: number }> {
  await pointAtE2eStack();
  const { publishDue } = await import('../../functions/publisher/handler');
  return publishDue(at.toISOString());
}
