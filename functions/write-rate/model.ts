/**
 * Per-user rates of the writes that cost the API real work (functions/README.md, "Throttling"): at most `max` calls
 * a user in each clock window of `windowSeconds`.
 *
 * One counter item per kind of write, user and window (pk WRITERATE#<kind>#<userId>, sk <window start, epoch
 * seconds>), expiring through the table's TTL attribute once its window has passed. Each call is one conditional
 * UpdateItem of its window's counter, adding one only while the counter is below `max`. DynamoDB applies the
 * writes to one item one at a time, so however many calls arrive together, exactly the allowance gets through;
 * the others get 429 with the seconds until the window ends.
 */
import { clock } from '../lib/clock';
import { conditionalWrite } from '../lib/db/client';
import { updateOne } from '../lib/db/records';
import { TTL_ATTRIBUTE } from '../lib/db/table';
import { tooManyRequests } from '../lib/errors';

export interface WriteRate {
  /** The kind of write, in the counter's key. */
  kind: string;
  max: number;
  windowSeconds: number;
  /** The 429's text. */
  message: string;
}

const writeRateKey = (kind: string, userId: string, windowStart: number) => ({
  pk: `WRITERATE#${kind}#${userId}`,
  sk: String(windowStart),
});

/** Counts one call of this user against the rate, or throws 429 (with Retry-After) when the window's allowance is spent. */
export async function chargeWriteRate(rate: WriteRate, userId: string): Promise<void> {
  const nowSeconds = clock.now() / 1000;
  const windowStart = Math.floor(nowSeconds / rate.windowSeconds) * rate.windowSeconds;
  const windowEnd = windowStart + rate.windowSeconds;
  const charged = await conditionalWrite(
    updateOne(writeRateKey(rate.kind, userId, windowStart), {
      UpdateExpression: 'ADD calls :one SET #expires = :windowEnd',
      ConditionExpression: 'attribute_not_exists(calls) OR calls < :max',
      ExpressionAttributeNames: { '#expires': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':one': 1, ':max': rate.max, ':windowEnd': windowEnd },
    }),
  );
  if (!charged) throw tooManyRequests(rate.message, Math.max(1, Math.ceil(windowEnd - nowSeconds)));
}
