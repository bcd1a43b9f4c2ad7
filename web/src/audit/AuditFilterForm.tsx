import { Select, SimpleGrid } from '@mantine/core';
import { IconListSearch, IconUser } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { UserOption } from '../../../shared/schemas/user';
import { DayFilterInput, FilterForm } from '../common/FilterPanel';
import { type AuditFilters, actionOptions } from './audit-query';

interface AuditFilterFormProps {
  applied: AuditFilters;
  users: UserOption[] | undefined;
  usersLoading: boolean;
  onApply: (filters: AuditFilters) => void;
  onReset: () => void;
}

/** Who, what and which day (UTC): the audit trail's filters, applied together. */
export function AuditFilterForm({ applied, users, usersLoading, onApply, onReset }: AuditFilterFormProps) {
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const userOptions = useMemo(() => {
    const options = (users ?? []).map((u) => ({ value: u._id, label: u.email ? `${u.name} (${u.email})` : u.name }));
    // A user deleted since, or not loaded yet, still shows as chosen.
    if (draft.user && !options.some((o) => o.value === draft.user)) {
      options.unshift({ value: draft.user, label: usersLoading ? 'Loading…' : 'Unknown user' });
    }
    return options;
  }, [users, usersLoading, draft.user]);
  const actions = useMemo(actionOptions, []);

  return (
    <FilterForm label="Filter the audit trail" onApply={() => onApply(draft)} onReset={onReset}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label="User"
          placeholder={usersLoading ? 'Loading users…' : 'Anyone'}
          leftSection={<IconUser size={16} />}
          data={userOptions}
          value={draft.user}
          onChange={(user) => setDraft((d) => ({ ...d, user }))}
          searchable
          clearable
          nothingFoundMessage="No user matches"
          comboboxProps={{ shadow: 'md' }}
        />
        <Select
          label="Action"
          placeholder="Any action"
          leftSection={<IconListSearch size={16} />}
          data={actions}
          value={draft.action}
          onChange={(action) => setDraft((d) => ({ ...d, action: action as AuditFilters['action'] }))}
          searchable
          clearable
          nothingFoundMessage="No action matches"
          comboboxProps={{ shadow: 'md' }}
          maxDropdownHeight={360}
        />
        <DayFilterInput
          label="Day (UTC)"
          maxDate={new Date()}
          value={draft.day}
          onChange={(day) => setDraft((d) => ({ ...d, day }))}
        />
      </SimpleGrid>
    </FilterForm>
  );
}
