import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { CALENDAR_ARIA_LABELS, DateTimeField, isoToPicker, pickerToIso } from '../../../common/DateTimeField';

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

/** The publish date: a day and a time for articles, a day for video and gallery. A future date schedules. */
export function PublishDateField(props: PublishDateFieldProps) {
  const { withTime = true, label = 'Publish date', ...field } = props;
  if (withTime) return <DateTimeField label={label} {...field} />;
  const { value, onChange, onBlur, error, required, description } = field;
  return (
    <DatePickerInput
      label={label}
      description={description}
      error={error}
      withAsterisk={required}
      clearable
      value={isoToPicker(value, 'YYYY-MM-DD')}
      onChange={(local) => onChange(pickerToIso(local))}
      onBlur={onBlur}
      valueFormat="YYYY-MM-DD"
      placeholder="Pick a date"
      leftSection={<IconCalendar size={16} />}
      popoverProps={{ shadow: 'md' }}
      ariaLabels={CALENDAR_ARIA_LABELS}
    />
  );
}
