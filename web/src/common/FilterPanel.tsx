import { Badge, Button, Group, Paper, TextInput } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { IconCalendar, IconFilter, IconSearch } from '@tabler/icons-react';
import type { CSSProperties, FormEvent, ReactNode } from 'react';
import { usePickerA11y } from './DateTimeField';
import { MAX_SEARCH_LENGTH } from './list-query';

export interface FiltersButtonProps {
  open: boolean;
  /** How many filters are in use, shown as a badge. */
  count: number;
  onToggle: () => void;
  /** The id of the collapsible panel the button shows and hides. */
  controls: string;
}

/** Shows and hides a list's filter panel. */
export function FiltersButton({ open, count, onToggle, controls }: FiltersButtonProps) {
  return (
    <Button
      variant={open ? 'light' : 'default'}
      leftSection={<IconFilter size={16} />}
      rightSection={
        count > 0 ? (
          <Badge size="sm" circle aria-label={`${count} applied`}>
            {count}
          </Badge>
        ) : undefined
      }
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={controls}
    >
      Filters
    </Button>
  );
}

export interface FilterFormProps {
  /** The form's accessible name ('Filter articles'). */
  label: string;
  onApply: () => void;
  onReset: () => void;
  /** For a single field: Reset and Apply sit beside it rather than under the fields. */
  inline?: boolean;
  children: ReactNode;
}

/** A list's filter fields with Reset and Apply; Enter in a field applies. */
export function FilterForm({ label, onApply, onReset, inline = false, children }: FilterFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  const buttons = (
    <>
      <Button variant="default" onClick={onReset}>
        Reset
      </Button>
      <Button type="submit">Apply</Button>
    </>
  );

  return (
    <Paper withBorder radius="md" p="md" mb="md" component="form" onSubmit={submit} aria-label={label}>
      {inline ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {children}
          <Group gap="sm" wrap="nowrap">
            {buttons}
          </Group>
        </Group>
      ) : (
        <>
          {children}
          <Group justify="flex-end" gap="sm" mt="md">
            {buttons}
          </Group>
        </>
      )}
    </Paper>
  );
}

/** The filter panels' search over titles. */
export function SearchFilterInput({
  value,
  onChange,
  style,
}: {
  value: string;
  onChange: (search: string) => void;
  /** In an inline form, how the field shares the row. */
  style?: CSSProperties;
}) {
  return (
    <TextInput
      style={style}
      label="Search"
      placeholder="Words in the title"
      leftSection={<IconSearch size={16} />}
      value={value}
      maxLength={MAX_SEARCH_LENGTH}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The filter panels' one day (DD/MM/YYYY); cleared, any day. */
export function DayFilterInput(props: DatePickerInputProps) {
  const a11y = usePickerA11y();
  return (
    <DatePickerInput
      {...a11y}
      placeholder="Any day"
      leftSection={<IconCalendar size={16} />}
      valueFormat="DD/MM/YYYY"
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${typeof props.label === 'string' ? props.label : 'the day'}` }}
      {...props}
    />
  );
}
