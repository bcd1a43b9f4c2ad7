/**
 * The signature of a webhook delivery (CONTRACT.md §7 Webhooks): HMAC-SHA256 under the hook's secret of
 * `<timestamp>.<body>`, sent as `x-webhook-signature: v1=<hex>` with the timestamp (Unix seconds) in
 * `x-webhook-timestamp`. Signing the timestamp with the body lets a receiver refuse an old delivery replayed; the
 * `v1=` names the scheme, so a later one can be sent beside it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK } from '../../shared/constants';

export const signatureOf = (secret: string, timestamp: number, body: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * A receiver's check, as the README gives it: the timestamp within `toleranceSeconds` of `nowSeconds`, and one of
 * the header's `v1=` signatures equal (in constant time) to the one expected.
 */
export function verifySignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  nowSeconds: number,
  toleranceSeconds: number = WEBHOOK.toleranceSeconds,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body));
  return (headers.signature ?? '')
    .split(',')
    .map((part) => Buffer.from(part.trim()))
    .some((sent) => sent.length === expected.length && timingSafeEqual(sent, expected));
}
