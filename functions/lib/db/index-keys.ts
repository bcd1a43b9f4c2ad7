import { INDEXES } from './table';

type IndexName = keyof typeof INDEXES;

/** The two attributes that place an item in an index: `gsi1pk`/`gsi1sk` for gsi1, and so on. */
export type IndexEntry<I extends IndexName> = {
  [K in (typeof INDEXES)[I]['partitionKey'] | (typeof INDEXES)[I]['sortKey']]: string;
};

/**
 * Puts an item in `partition` of an index, sorted by `sortValue` and then its id (so equal values stay
 * apart). Keys modules pass the same partition their Queries read, so what is written is what is read.
 */
export function indexEntry<I extends IndexName>(
  query: { index: I; partition: string },
  sortValue: string,
  id: string,
): IndexEntry<I> {
  const { partitionKey, sortKey } = INDEXES[query.index];
  return { [partitionKey]: query.partition, [sortKey]: `${sortValue}#${id}` } as IndexEntry<I>;
}
