import { parseDay } from '../common/local-day';
import { type AssetKind, type LibraryFilters, NO_FILTERS } from './api';
import { KIND_LABELS } from './asset-format';

const isKind = (value: string | null): value is AssetKind => value !== null && Object.hasOwn(KIND_LABELS, value);

/** The Media screen's filters, from its URL (so a search can be shared and Back works). */
export function readLibraryFilters(params: URLSearchParams): LibraryFilters {
  const kind = params.get('kind');
  return {
    q: params.get('q') ?? '',
    kind: isKind(kind) ? kind : null,
    uploader: params.get('uploader'),
    from: parseDay(params.get('from')),
    to: parseDay(params.get('to')),
  };
}

/** The URL's query with these filters (empty ones left out), keeping the tab. */
export function withLibraryFilters(current: URLSearchParams, filters: LibraryFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of Object.keys(NO_FILTERS) as (keyof LibraryFilters)[]) {
    const value = filters[key];
    if (value) next.set(key, value.trim());
    else next.delete(key);
  }
  return next;
}
