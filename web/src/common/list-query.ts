/** The search and category filters the article and ad lists share, as they are read from and written to the URL. */

export const MAX_SEARCH_LENGTH = 200;
/** The lists' APIs take at most this many category ids. */
export const MAX_FILTER_CATEGORIES = 20;
const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** `?search=`: trimmed and cut to the longest search the API takes. */
export function readSearch(params: URLSearchParams): string {
  return searchParam(params.get('search') ?? '');
}

/** `?categories=a,b`: well-formed ids only, each once, at most MAX_FILTER_CATEGORIES. */
export function readCategoryIds(params: URLSearchParams): string[] {
  return [
    ...new Set(
      (params.get('categories') ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => ID.test(id)),
    ),
  ].slice(0, MAX_FILTER_CATEGORIES);
}

/** The search as the URL keeps it: trimmed and cut to the longest search the API takes. */
export function searchParam(search: string): string {
  return search.trim().slice(0, MAX_SEARCH_LENGTH);
}

/** The picked categories as the URL keeps them (`a,b`): at most MAX_FILTER_CATEGORIES. */
export function categoriesParam(ids: readonly string[]): string {
  return ids.slice(0, MAX_FILTER_CATEGORIES).join(',');
}

/**
 * The URL after Apply (or Reset): the filters' keys are set in the order given, those without a value dropped,
 * and the page goes back to 1. Other keys (the article list's tab) stay.
 */
export function withFilterParams(
  current: URLSearchParams,
  filters: Record<string, string | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...Object.keys(filters), 'page']) next.delete(key);
  for (const [key, value] of Object.entries(filters)) if (value) next.set(key, value);
  return next;
}
