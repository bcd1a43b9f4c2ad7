import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useClientOptions } from '../api';

export interface ClientSelectProps {
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  /** The ad's stored client (id and name): its name shows while the list loads or if that client is gone. */
  stored?: { id: string; name: string };
  error?: string;
}

/** The one client the ad is for, searchable by name or email. */
export function ClientSelect({ value, onChange, onBlur, stored, error }: ClientSelectProps) {
  const { data, error: loadError, isLoading } = useClientOptions();
  const storedName = stored?.id === value ? stored.name : undefined;
  const options = useMemo(() => {
    const entries = (data?.list ?? [])
      .map((client) => ({ value: client._id, label: client.email ? `${client.name} (${client.email})` : client.name }))
      .sort((a, b) => a.label.localeCompare(b.label));
    if (value && !entries.some((entry) => entry.value === value))
      entries.unshift({ value, label: storedName ?? (isLoading ? 'Loading…' : 'Unknown client') });
    return entries;
  }, [data, value, storedName, isLoading]);

  return (
    <Select
      label="Client"
      withAsterisk
      searchable
      data={options}
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
      onBlur={onBlur}
      placeholder={isLoading ? 'Loading clients…' : 'Choose the client'}
      nothingFoundMessage={
        loadError
          ? 'The clients could not be loaded'
          : data?.total === 0
            ? 'No clients yet: add one under Clients'
            : 'No client matches'
      }
      allowDeselect={false}
      error={error}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}
