/**
 * Per-user rates of the writes that cost the API real work (functions/README.md, "Throttling"): at most `max` calls
 * a user in each clock window of `windowSeconds`.
 *
 * Each call is one conditional UpdateItem of its window's counter, adding one only while the counter is below
 * `max`. DynamoDB applies the writes to one item one at a time, so however many calls arrive together, exactly
 * the allowance gets through; the others get 429 with the seconds until the window ends.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clock } from '../lib/clock';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { TTL_ATTRIBUTE } from '../lib/db/table';
import { tooManyRequests } from '../lib/errors';
import { writeRateKey } from './keys';

export interface WriteRate {
  /** The kind of write, in the counter's key. */
  kind: string;
  max: number;
  windowSeconds: number;
  /** The 429's text. */
  message: string;
}

/** Counts one call of this user against the rate, or throws 429 (with Retry-After) when the window's allowance is spent. */
export async function chargeWriteRate(rate: WriteRate, userId: string): Promise<void> {
  const nowSeconds = clock.now() / 1000;
  const windowStart = Math.floor(nowSeconds / rate.windowSeconds) * rate.windowSeconds;
  const windowEnd = windowStart + rate.windowSeconds;
  const charged = await conditionalWrite(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: writeRateKey(rate.kind, userId, windowStart),
        UpdateExpression: 'ADD calls :one SET #expires = :windowEnd',
        ConditionExpression: 'attribute_not_exists(calls) OR calls < :max',
        ExpressionAttributeNames: { '#expires': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':one': 1, ':max': rate.max, ':windowEnd': windowEnd },
      }),
    ),
  );
  if (!charged) throw tooManyRequests(rate.message, Math.max(1, Math.ceil(windowEnd - nowSeconds)));
}
