import { Select } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { workflowRoleOf } from '../../../../shared/workflow';
import { useSession } from '../../session/session-context';
import { useUserOptions } from '../../users/api';

export type { UserOption as AuthorOption } from '../../../../shared/schemas/user';

/** GET /user?all=true: every user's id and name, for pickers. */
export const useAuthors = useUserOptions;

export interface AuthorSelectProps {
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  error?: string;
  label?: string;
  /** The article's stored author name, shown while the list loads or if that user is gone. */
  currentName?: string;
}

/**
 * The article's author (the contract's "user"). Someone without Edit on Cms may only write as themselves
 * (CONTRACT.md §6): the field is fixed to the signed-in user for them.
 */
export function AuthorSelect({ value, onChange, onBlur, error, label = 'Author', currentName }: AuthorSelectProps) {
  const { user } = useSession();
  const fixed = workflowRoleOf(user) === 'contributor';
  const { data, isLoading, error: loadError } = useAuthors(!fixed);

  // A contributor's article is always theirs: a new one starts with them as author.
  useEffect(() => {
    if (fixed && user && !value) onChange(user._id);
  }, [fixed, user, value, onChange]);

  const options = useMemo(() => {
    const list = fixed ? (user ? [{ _id: user._id, name: user.name, email: user.email }] : []) : (data?.list ?? []);
    const entries = list.map((u) => ({ value: u._id, label: u.email ? `${u.name} (${u.email})` : u.name }));
    if (value && !entries.some((e) => e.value === value)) {
      entries.unshift({ value, label: currentName ?? (isLoading ? 'Loading…' : 'Unknown user') });
    }
    return entries;
  }, [fixed, user, data, value, currentName, isLoading]);

  return (
    <Select
      label={label}
      data={options}
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
      onBlur={onBlur}
      searchable={!fixed}
      disabled={fixed}
      description={fixed ? 'You write as yourself' : undefined}
      placeholder={isLoading ? 'Loading authors…' : 'Choose the author'}
      nothingFoundMessage={loadError ? 'The users could not be loaded' : 'No user matches'}
      withAsterisk
      error={error}
      allowDeselect={false}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}
