/** List totals are counters updated in the same transaction as the write: O(1) totals, no Scan. */
export const counterKey = (entity: string, bucket = 'ALL') => ({ pk: `COUNT#${entity}`, sk: bucket });
