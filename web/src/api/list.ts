/** SPEC §7: lists come back as `{ list, total }`. */
export interface ListPage<T> {
  list: T[];
  total: number;
}
