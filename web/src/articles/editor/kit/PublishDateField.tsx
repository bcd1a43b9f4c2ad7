import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';

export interface PublishDateFieldProps {
  /** ISO-8601 (UTC) as the API stores it, or null. */
  value: string | null;
  onChange: (iso: string | null) => void;
  onBlur?: () => void;
  /** Articles pick a time too; video and gallery a day only (SPEC §9). */
  withTime?: boolean;
  error?: string;
  required?: boolean;
  label?: string;
  description?: string;
}

/** Mantine's pickers speak local 'YYYY-MM-DD HH:mm:ss' strings; the API speaks ISO instants. */
const toPicker = (iso: string | null, withTime: boolean) => {
  if (!iso) return null;
  const date = dayjs(iso);
  if (!date.isValid()) return null;
  return date.format(withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
};

const fromPicker = (local: string | null) => {
  if (!local) return null;
  const date = dayjs(local);
  return date.isValid() ? date.toISOString() : null;
};

/** The publish date: a day and a time for articles, a day for video and gallery. A future date schedules. */
export function PublishDateField({
  value,
  onChange,
  onBlur,
  withTime = true,
  error,
  required,
  label = 'Publish date',
  description,
}: PublishDateFieldProps) {
  const common = {
    label,
    description,
    error,
    withAsterisk: required,
    clearable: true,
    onBlur,
    leftSection: <IconCalendar size={16} />,
    placeholder: withTime ? 'Pick a date and time' : 'Pick a date',
    popoverProps: { shadow: 'md' },
    ariaLabels: {
      nextMonth: 'Next month',
      previousMonth: 'Previous month',
      nextYear: 'Next year',
      previousYear: 'Previous year',
      nextDecade: 'Next decade',
      previousDecade: 'Previous decade',
      monthLevelControl: 'Choose a month',
      yearLevelControl: 'Choose a year',
    },
  };
  if (withTime) {
    return (
      <DateTimePicker
        {...common}
        value={toPicker(value, true)}
        onChange={(local) => onChange(fromPicker(local))}
        valueFormat="YYYY-MM-DD HH:mm"
        timePickerProps={{ format: '24h' }}
        submitButtonProps={{ 'aria-label': 'Apply date and time' }}
      />
    );
  }
  return (
    <DatePickerInput
      {...common}
      value={toPicker(value, false)}
      onChange={(local) => onChange(fromPicker(local))}
      valueFormat="YYYY-MM-DD"
    />
  );
}
