import { useEffect, useMemo, useState } from 'react';

/** What RecordList needs to draw the check boxes of a list's rows (ListPage makes it with useSelection). */
export interface RowSelection<T> {
  isSelected: (row: T) => boolean;
  toggle: (row: T) => void;
  /** Whether every row of the page is selected, some, or none. */
  page: 'all' | 'some' | 'none';
  /** Selects every row of the page, or (when all are) none. */
  togglePage: () => void;
  /** The row's name, for its check box ("Select <name>"). */
  nameOf: (row: T) => string;
}

/**
 * The rows picked on the page shown. Only rows on the page can be picked, and a pick goes with its row when the
 * row leaves the page (another page, tab or filter, or a re-read after an action).
 */
export function useSelection<T extends { _id: string }>(rows: readonly T[], nameOf: (row: T) => string) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const ids = rows.map((row) => row._id).join(',');

  useEffect(() => {
    const shown = new Set(ids.split(','));
    setPicked((current) => {
      const kept = [...current].filter((id) => shown.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [ids]);

  const selected = useMemo(() => rows.filter((row) => picked.has(row._id)), [rows, picked]);
  const page: RowSelection<T>['page'] =
    selected.length === 0 ? 'none' : selected.length === rows.length ? 'all' : 'some';

  const selection: RowSelection<T> = {
    isSelected: (row) => picked.has(row._id),
    toggle: (row) =>
      setPicked((current) => {
        const next = new Set(current);
        if (next.has(row._id)) next.delete(row._id);
        else next.add(row._id);
        return next;
      }),
    page,
    togglePage: () => setPicked(page === 'all' ? new Set() : new Set(rows.map((row) => row._id))),
    nameOf,
  };
  return { selection, selected, clear: () => setPicked(new Set()) };
}
