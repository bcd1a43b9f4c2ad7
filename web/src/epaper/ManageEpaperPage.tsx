import { IconEyeOff, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { canAccess } from '../../../shared/permissions';
import type { EpaperStatus } from '../../../shared/schemas/epaper';
import type { ScreenProps } from '../app/screen';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DayFilterInput, FilterForm, SearchFilterInput } from '../common/FilterPanel';
import { ListNoMatch } from '../common/ListStates';
import { ListPage } from '../common/list/ListPage';
import { useConfirmedRowAction } from '../common/list/use-confirm-target';
import { dayText } from '../common/local-day';
import { EditRowAction, RowAction } from '../common/RowAction';
import { TrashLink } from '../common/trash/TrashLink';
import { useRemoveAction } from '../common/trash/use-remove-action';
import { usePageParam } from '../common/use-page';
import { useSession } from '../session/session-context';
import { type EpaperRow, revalidateEpapers, setEpaperStatus, useEpapers } from './api';
import { EPAPER_CARD, EPAPER_COLUMNS } from './epaper-columns';
import {
  canEditEpaper,
  type EpaperListFilters,
  readEpaperFilters,
  toEpaperFilters,
  withEpaperFilters,
} from './list-query';

/** What the toggle does to a row, and what it says before and after (CONTRACT.md §4, §8). */
const TOGGLE = {
  publish: {
    to: 'Published',
    label: 'Publish',
    title: 'Publish e-paper',
    question: (title: string) => `Publish “${title}”? Readers can open this edition on the site.`,
    done: 'Epaper Published Successfully',
    failed: 'Could not publish the e-paper',
  },
  unpublish: {
    to: 'Draft',
    label: 'Un-Publish',
    title: 'Un-Publish e-paper',
    question: (title: string) => `Un-Publish “${title}”? It comes off the site and goes back to Draft.`,
    done: 'Epaper Un-Published Successfully',
    failed: 'Could not un-publish the e-paper',
  },
} as const satisfies Record<string, { to: EpaperStatus } & Record<string, unknown>>;

type Toggle = keyof typeof TOGGLE;

/** CONTRACT.md §4: the label reads Un-Publish when Published. */
const toggleFor = (status: EpaperStatus): Toggle => (status === 'Published' ? 'unpublish' : 'publish');

/** DD/MM/YYYY of a `YYYY-MM-DD` day, for the empty state's message. */

/**
 * CONTRACT.md §2 Epaper Management: a publish-day filter (Apply, Reset), the editions with Edit and Publish /
 * Un-Publish, and a pager. The day and the page live in the URL.
 */
export function ManageEpaperPage({ title }: ScreenProps) {
  const { user: viewer } = useSession();
  const [params, setParams] = useSearchParams();
  const paging = usePageParam();
  const filters = readEpaperFilters(params);
  const { day } = filters;
  const editions = useEpapers(paging[0], toEpaperFilters(filters));
  const confirm = useConfirmedRowAction(({ row, toggle }: { row: EpaperRow; toggle: Toggle }) => {
    const { to, done, failed } = TOGGLE[toggle];
    return {
      run: () => setEpaperStatus(row, to),
      done,
      failed,
      rowTitle: row.title,
      revalidate: () => revalidateEpapers(row._id),
    };
  });
  const pending = confirm.target;
  const remove = useRemoveAction(
    'Epaper',
    (row: EpaperRow) => row.title,
    (row) => row.user._id,
  );

  const canCreate = canAccess(viewer, 'Epaper', ['Write']);
  const applyFilters = (picked: EpaperListFilters) => setParams((current) => withEpaperFilters(current, picked));
  const resetFilters = () => applyFilters({ search: '', day: null });

  const rowActions = (row: EpaperRow) => {
    const noEdit = canEditEpaper(viewer, row.user._id)
      ? null
      : canAccess(viewer, 'Epaper', ['EditOwn'])
        ? 'You can change only the editions you added'
        : 'You need the Edit permission on e-paper';
    const toggle = TOGGLE[toggleFor(row.status)];
    return (
      <>
        <EditRowAction name={row.title} to={`/epaper/edit/${encodeURIComponent(row._id)}`} disabledReason={noEdit} />
        <RowAction
          label={toggle.label}
          icon={row.status === 'Published' ? <IconEyeOff size={15} /> : <IconSend size={15} />}
          color={row.status === 'Published' ? 'orange' : 'green'}
          disabledReason={noEdit}
          ariaLabel={`${toggle.label} ${row.title}`}
          onClick={() => confirm.ask({ row, toggle: toggleFor(row.status) })}
        />
        {remove.action(row)}
      </>
    );
  };

  const pendingSpec = pending ? TOGGLE[pending.toggle] : null;

  return (
    <ListPage
      title={title}
      description="The printed edition as PDF, one per issue."
      actions={<TrashLink resource="Epaper" listPath="/epaper" />}
      create={canCreate && { label: 'Add Epaper', to: '/epaper/create' }}
      filters={
        <EpaperFilter
          // A change from outside (Back, Reset in the empty state) starts the form afresh.
          key={`${filters.search}|${day ?? ''}`}
          applied={filters}
          onApply={applyFilters}
        />
      }
      load={editions}
      noMatch={
        (day || filters.search) && (
          <ListNoMatch
            title={
              filters.search
                ? `No editions match “${filters.search}”${day ? ` on ${dayText(day)}` : ''}`
                : `No editions published on ${dayText(day ?? '')}`
            }
            resetLabel="Reset filter"
            onReset={resetFilters}
          />
        )
      }
      emptyHint={canCreate ? 'Add the first one with Add Epaper.' : 'Nobody has added an edition yet.'}
      label="E-paper editions"
      minWidth={820}
      rowActions={rowActions}
      columns={EPAPER_COLUMNS}
      card={EPAPER_CARD}
      paging={paging}
      noun="editions"
    >
      <ConfirmDialog
        {...confirm.dialog}
        title={pendingSpec?.title ?? ''}
        confirmLabel={pendingSpec?.label ?? 'OK'}
        danger={pending?.toggle === 'unpublish'}
      >
        {pending && pendingSpec ? pendingSpec.question(pending.row.title) : ''}
      </ConfirmDialog>
      {remove.dialog}
    </ListPage>
  );
}

interface EpaperFilterProps {
  /** The filters in the URL now; the form edits a copy until Apply. */
  applied: EpaperListFilters;
  onApply: (filters: EpaperListFilters) => void;
}

/** CONTRACT.md §2's date filter (the day an edition is published on) and a title search, with Apply and Reset. */
function EpaperFilter({ applied, onApply }: EpaperFilterProps) {
  const [draft, setDraft] = useState<EpaperListFilters>(applied);

  const reset = () => {
    const empty = { search: '', day: null };
    setDraft(empty);
    onApply(empty);
  };

  return (
    <FilterForm label="Filter editions" onApply={() => onApply(draft)} onReset={reset} inline>
      <SearchFilterInput
        value={draft.search}
        onChange={(search) => setDraft((d) => ({ ...d, search }))}
        style={{ flex: '1 1 220px', maxWidth: 320 }}
      />
      <DayFilterInput
        label="Published on"
        value={draft.day}
        onChange={(day) => setDraft((d) => ({ ...d, day }))}
        style={{ flex: '1 1 220px', maxWidth: 320 }}
      />
    </FilterForm>
  );
}
