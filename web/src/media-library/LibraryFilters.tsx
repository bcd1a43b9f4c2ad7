import { Button, Select, TextInput } from '@mantine/core';
import { IconSearch, IconUser } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { MEDIA_LIBRARY } from '../../../shared/constants';
import { canAccess } from '../../../shared/permissions';
import { DayFilterInput, FilterForm } from '../common/FilterPanel';
import { useIsNarrow } from '../common/use-narrow';
import { useSession } from '../session/session-context';
import { useUserOptions } from '../users/api';
import { type AssetKind, type LibraryFilters as Filters, filterCount, NO_FILTERS } from './api';
import { KIND_OPTIONS } from './asset-format';

export interface LibraryFiltersProps {
  applied: Filters;
  onApply: (filters: Filters) => void;
  /** The picker's kind, which cannot be changed (images only). */
  lockedKind?: AssetKind;
}

const grow = (basis: number, max?: number) => ({ flex: `1 1 ${basis}px`, maxWidth: max, minWidth: 0 });

/** Words (name, alt text, caption, credit), the kind of file, who uploaded it and between which days. */
export function LibraryFilters({ applied, onApply, lockedKind }: LibraryFiltersProps) {
  const [draft, setDraft] = useState<Filters>(applied);
  const { user } = useSession();
  const canPickUploader =
    canAccess(user, 'User', ['Read', 'Edit']) || canAccess(user, 'Cms', ['Write', 'Edit', 'EditOwn']);
  const users = useUserOptions(canPickUploader);
  const userOptions = useMemo(() => {
    const list = (users.data?.list ?? []).map((u) => ({ value: u._id, label: u.name }));
    if (draft.uploader && !list.some((o) => o.value === draft.uploader))
      list.unshift({ value: draft.uploader, label: users.isLoading ? 'Loading…' : 'Unknown user' });
    return list;
  }, [users.data, users.isLoading, draft.uploader]);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const reset = () => {
    const cleared = { ...NO_FILTERS, kind: lockedKind ?? null };
    setDraft(cleared);
    onApply(cleared);
  };

  const narrow = useIsNarrow();
  const [more, setMore] = useState(filterCount({ ...applied, q: '', kind: lockedKind ? null : applied.kind }) > 0);
  const folded = narrow && !more;
  return (
    <FilterForm label="Search the media library" onApply={() => onApply(draft)} onReset={reset} inline>
      <TextInput
        style={grow(260)}
        label="Search"
        placeholder="Name, alt text, caption or credit"
        leftSection={<IconSearch size={16} />}
        value={draft.q}
        maxLength={MEDIA_LIBRARY.maxQueryLength}
        onChange={(event) => set('q', event.currentTarget.value)}
      />
      {narrow && (
        <Button variant="subtle" size="compact-sm" onClick={() => setMore((open) => !open)} aria-expanded={more}>
          {more ? 'Fewer filters' : 'Type, uploader and dates'}
        </Button>
      )}
      {!lockedKind && !folded && (
        <Select
          style={grow(140, 180)}
          label="Type"
          placeholder="All types"
          data={KIND_OPTIONS}
          value={draft.kind}
          onChange={(kind) => set('kind', kind as AssetKind | null)}
          clearable
          comboboxProps={{ shadow: 'md' }}
        />
      )}
      {canPickUploader && !folded && (
        <Select
          style={grow(170, 220)}
          label="Uploaded by"
          placeholder="Anyone"
          leftSection={<IconUser size={16} />}
          data={userOptions}
          value={draft.uploader}
          onChange={(uploader) => set('uploader', uploader)}
          searchable
          clearable
          nothingFoundMessage={users.error ? 'The users could not be loaded' : 'No user matches'}
          comboboxProps={{ shadow: 'md' }}
        />
      )}
      {!folded && (
        <DayFilterInput
          label="From"
          value={draft.from}
          maxDate={draft.to ?? undefined}
          onChange={(from) => set('from', from)}
          style={grow(140, 170)}
        />
      )}
      {!folded && (
        <DayFilterInput
          label="To"
          value={draft.to}
          minDate={draft.from ?? undefined}
          onChange={(to) => set('to', to)}
          style={grow(140, 170)}
        />
      )}
    </FilterForm>
  );
}
