import { MultiSelect } from '@mantine/core';
import { useMemo } from 'react';
import type { IdListFieldProps } from '../common/form/field-props';
import { useEnabledRoles } from '../roles/api';
import type { RoleRef } from '../session/types';

export interface RolesSelectProps extends IdListFieldProps {
  /** The roles the user holds now; one that has since been blocked still shows, marked so. */
  current?: RoleRef[];
}

/** The multi-select of roles for the user forms: only roles with status Enable are offered (CONTRACT.md §3). */
export function RolesSelect({ value, onChange, onBlur, error, disabled, current = [] }: RolesSelectProps) {
  const { data, error: loadError, isLoading } = useEnabledRoles();
  const options = useMemo(() => {
    const enabled = (data?.list ?? []).map((role) => ({ value: role._id, label: role.name }));
    const known = new Set(enabled.map((option) => option.value));
    const held = current
      .filter((role) => !known.has(role._id))
      .map((role) => ({ value: role._id, label: `${role.name || 'Unknown role'} (blocked)` }));
    return [...enabled, ...held];
  }, [data, current]);

  return (
    <MultiSelect
      label="Roles"
      placeholder={value.length === 0 ? (isLoading ? 'Loading roles…' : 'Pick roles') : undefined}
      data={options}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error ?? (loadError ? 'The roles could not be loaded' : undefined)}
      disabled={disabled}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={isLoading ? 'Loading roles…' : 'No enabled role matches'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
