/**
 * Secrets the Lambdas need: a plain value in the environment locally; in AWS, read once per container from
 * Secrets Manager through the Parameters and Secrets Lambda extension (a localhost HTTP call; no SDK client in
 * the bundle).
 */
import { timingSafeEqual } from 'node:crypto';

const cache = new Map<string, string>();

export async function readSecret(valueVar: string, arnVar: string): Promise<string | undefined> {
  const cached = cache.get(valueVar);
  if (cached) return cached;
  let secret = process.env[valueVar];
  const arn = process.env[arnVar];
  if (!secret && arn) {
    const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
    const res = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`, {
      headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
    });
    if (!res.ok) throw new Error(`Secrets extension answered ${res.status}`);
    secret = ((await res.json()) as { SecretString?: string }).SecretString;
  }
  if (secret) cache.set(valueVar, secret);
  return secret;
}

/** For tests and the local stack, which change secrets between runs in one process. */
export function resetSecretCache(): void {
  cache.clear();
}

/** Compares two secret strings in constant time (for equal lengths). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
