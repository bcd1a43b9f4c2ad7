import { DateTimePicker } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import dayjs from 'dayjs';

export interface AdDateTimeFieldProps {
  label: string;
  /** ISO-8601 (UTC) as the API stores it, or ''. */
  value: string;
  onChange: (iso: string) => void;
  /** Called when the picker closes: the field counts as visited then, not when focus moves into the picker. */
  onBlur?: () => void;
  /** The earliest instant that can be picked (SPEC §5: now). */
  minDate: Date;
  /** The time a newly picked day starts with, `HH:mm`. */
  defaultTime: string;
  error?: string;
  description?: string;
}

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Mantine's picker speaks local 'YYYY-MM-DD HH:mm:ss' strings; the API speaks ISO instants. */
const toPicker = (iso: string) => {
  const date = iso ? dayjs(iso) : null;
  return date?.isValid() ? date.format(PICKER_FORMAT) : null;
};

const fromPicker = (local: string | null) => {
  const date = local ? dayjs(local) : null;
  return date?.isValid() ? date.toISOString() : '';
};

/** A required day and time (SPEC §5, §9: minimum date now, with time selection). */
export function AdDateTimeField({
  label,
  value,
  onChange,
  onBlur,
  minDate,
  defaultTime,
  error,
  description,
}: AdDateTimeFieldProps) {
  return (
    <DateTimePicker
      label={label}
      description={description}
      withAsterisk
      clearable
      value={toPicker(value)}
      onChange={(local) => onChange(fromPicker(local))}
      onDropdownClose={onBlur}
      minDate={dayjs(minDate).format(PICKER_FORMAT)}
      defaultTimeValue={defaultTime}
      valueFormat="YYYY-MM-DD HH:mm"
      placeholder="Pick a date and time"
      leftSection={<IconCalendarTime size={16} />}
      error={error}
      timePickerProps={{ format: '24h' }}
      submitButtonProps={{ 'aria-label': `Apply ${label.toLowerCase()}` }}
      popoverProps={{ shadow: 'md' }}
      ariaLabels={{
        nextMonth: 'Next month',
        previousMonth: 'Previous month',
        nextYear: 'Next year',
        previousYear: 'Previous year',
        nextDecade: 'Next decade',
        previousDecade: 'Previous decade',
        monthLevelControl: 'Choose a month',
        yearLevelControl: 'Choose a year',
      }}
    />
  );
}
