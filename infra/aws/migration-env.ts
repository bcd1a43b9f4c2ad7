/**
 * What the one-off migrations (`npm run migrate:*`) share: the table they work on, taken from the environment —
 * TABLE_NAME for a deployed table (the stack's TableName output, default AWS credentials), or DYNAMODB_ENDPOINT
 * for the local stack — and how they fail.
 */
import { pathToFileURL } from 'node:url';

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Checks the environment names a table; locally, gives the SDK the credentials DynamoDB Local ignores. */
export function requireTableFromEnvironment(): void {
  const local = Boolean(process.env.DYNAMODB_ENDPOINT);
  if (!local && !process.env.TABLE_NAME) {
    fail('Set TABLE_NAME (a deployed table) or DYNAMODB_ENDPOINT (the local stack).');
  }
  if (local) {
    // DynamoDB Local takes any credentials, but the SDK signs every request.
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  }
}

/** Runs `main` when the file is the command run (not when a test imports it). */
export function runAsCommand(moduleUrl: string, main: () => Promise<void>): void {
  if (process.argv[1] && moduleUrl === pathToFileURL(process.argv[1]).href) {
    main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
  }
}
