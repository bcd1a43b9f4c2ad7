import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parsePage } from './paging';

/**
 * The current list page, kept in the URL (`?page=2`) so reload and Back keep it. Page 1 is the bare URL.
 * Turning a page adds a history entry; `replace` (e.g. when clamping past the end) does not.
 */
export function usePageParam(): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next <= 1) updated.delete('page');
          else updated.set('page', String(next));
          return updated;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );
  return [page, setPage];
}
