/**
 * Write-rate counters (write-rate/repo.ts): one item per kind of write, user and clock window, expiring through the
 * table's TTL attribute once its window has passed.
 */
export const writeRateKey = (kind: string, userId: string, windowStart: number) => ({
  pk: `WRITERATE#${kind}#${userId}`,
  sk: String(windowStart),
});
