/**
 * Reads through SWR, typed by route. A key is the GET's path and query without the /api base (the fetcher adds
 * it), so code that re-reads after a write can still match keys by their text (`key.startsWith('/cms?')`).
 */
import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from 'swr';
import { type ApiError, routeAddress, withQuery } from './client';
import type { GetRouteId, OptionalWhenEmpty, RouteAddress, RouteResult } from './route-types';

declare const result: unique symbol;

/** The SWR key of a GET whose data is `R`: a string, marked with its result type for useApi(). */
export type ApiKey<R> = string & { readonly [result]?: R };

/**
 * `apiKey('GET /cms/detail/{id}', { params: { id } })` → `/cms/detail/<id>`. `R` narrows a result that is a
 * union (GET /user answers pickers, `all=true`, with their own rows).
 */
export function apiKey<Id extends GetRouteId, R extends RouteResult<Id> = RouteResult<Id>>(
  id: Id,
  ...[address]: OptionalWhenEmpty<RouteAddress<Id>>
): ApiKey<R> {
  const { params, query } = (address ?? {}) as { params?: Record<string, string>; query?: Record<string, string> };
  return withQuery(routeAddress(id, params).path, query) as ApiKey<R>;
}

/** SWR over the app's fetcher; a null key makes no call. */
export function useApi<R>(key: ApiKey<R> | null, config?: SWRConfiguration<R, ApiError>): SWRResponse<R, ApiError> {
  return useSWR<R, ApiError>(key, config);
}

/** A record a form or editor edits: never refilled behind the user's back (focus, reconnect); Reload re-reads it. */
export function useEditedRecord<R>(key: ApiKey<R> | null): SWRResponse<R, ApiError> {
  return useApi(key, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

/** After a write: every cached page of the list at `listPath` (`/client?…`) re-reads, and one record's key if given. */
export function revalidateList(listPath: string, recordKey?: string): Promise<unknown> {
  return mutate(
    (key) =>
      typeof key === 'string' && (key.startsWith(`${listPath}?`) || (recordKey !== undefined && key === recordKey)),
  );
}

/**
 * The reads of a resource with a paged list whose records open in a form, named by the caller:
 * `export const [useClients, useClient, revalidateClients] = listReads('/client', clientsKey, clientKey)`.
 * - the list, by `listKey`'s arguments (the page, filters); the last page stays shown while the next one loads;
 * - one record by id, for its form (useEditedRecord); no call without an id;
 * - after a write: every cached page of the list at `listPath` re-reads, and the one record if its id is given.
 */
export function listReads<A extends unknown[], L, R>(
  listPath: string,
  listKey: (...args: A) => ApiKey<L>,
  recordKey: (id: string) => ApiKey<R>,
) {
  // The hooks are made once per resource, when its api.ts loads (like zustand's `create`), never in a render.
  // biome-ignore lint/correctness/noComponentHookFactories: called at module level only, see above
  const useList = (...args: A) => useApi(listKey(...args), { keepPreviousData: true });
  // biome-ignore lint/correctness/noComponentHookFactories: called at module level only, see above
  const useRecord = (id: string | undefined) => useEditedRecord(id ? recordKey(id) : null);
  const revalidate = (id?: string) => revalidateList(listPath, id === undefined ? undefined : recordKey(id));
  return [useList, useRecord, revalidate] as const;
}

/** Cursors learnt from pages read (ListPage `next`/`prev`), by the key of the page they lead to, cursor left out. */
const learntCursors = new Map<string, string>();
const MAX_LEARNT_CURSORS = 500;

/** The key of another page of the same list: `page` set, any cursor dropped. */
export function pageKey(key: string, page: number): string {
  const [path, query = ''] = key.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('page', String(page));
  params.delete('cursor');
  return `${path}?${params.toString()}`;
}

function learnCursor(pageKeyText: string, cursor: string) {
  learntCursors.delete(pageKeyText);
  learntCursors.set(pageKeyText, cursor);
  const oldest = learntCursors.keys().next().value;
  if (learntCursors.size > MAX_LEARNT_CURSORS && oldest !== undefined) learntCursors.delete(oldest);
}

/**
 * A paged list whose API answers with cursors: turning to the page after or before one already read reads it by
 * key (one page's cost, whatever its number); a jump (the pager's numbers, a reload) reads it by number. The
 * last page stays shown while the next loads. `keyFor(page, cursor)` is the list's key.
 */
export function useCursorPage<R extends { next?: string; prev?: string }>(
  page: number,
  keyFor: (page: number, cursor?: string) => ApiKey<R>,
): SWRResponse<R, ApiError> {
  const plain = keyFor(page);
  const cursor = page > 1 ? learntCursors.get(pageKey(plain, page)) : undefined;
  return useApi(keyFor(page, cursor), {
    keepPreviousData: true,
    onSuccess: (data, key) => {
      const read = Number(new URLSearchParams(String(key).split('?', 2)[1] ?? '').get('page') ?? 1);
      if (data.next) learnCursor(pageKey(String(key), read + 1), data.next);
      if (data.prev && read > 1) learnCursor(pageKey(String(key), read - 1), data.prev);
    },
  });
}
