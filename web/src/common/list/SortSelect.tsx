import { Select } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';

export interface SortOption {
  value: string;
  label: string;
  /** Why this order cannot be picked here; it is listed, disabled, with the reason in its label. */
  unavailable?: string | null;
}

export interface SortSelectProps {
  value: string;
  options: readonly SortOption[];
  onChange: (value: string) => void;
  /** Why no order can be picked now (a title search has only one); the control says so under its label. */
  disabledReason?: string | null;
}

/** A list's order, as a labelled select that works the same on a wide table and on cards. */
export function SortSelect({ value, options, onChange, disabledReason }: SortSelectProps) {
  return (
    <Select
      label="Sort"
      description={disabledReason ?? undefined}
      leftSection={<IconArrowsSort size={16} />}
      data={options.map((option) => ({
        value: option.value,
        label: option.unavailable ? `${option.label} (${option.unavailable})` : option.label,
        disabled: Boolean(option.unavailable),
      }))}
      value={value}
      onChange={(picked) => picked && onChange(picked)}
      allowDeselect={false}
      disabled={Boolean(disabledReason)}
      comboboxProps={{ width: 'target', withinPortal: true }}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
