import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DateTimeField, type IsoDateFieldProps, isoPickerProps, usePickerA11y } from '../../../common/DateTimeField';

export interface PublishDateFieldProps extends Omit<IsoDateFieldProps, 'label'> {
  /** Articles pick a time too; video and gallery a day only (CONTRACT.md §9). */
  withTime?: boolean;
  label?: string;
}

/** The publish date: a day and a time for articles, a day for video and gallery. A future date schedules. */
export function PublishDateField(props: PublishDateFieldProps) {
  const { withTime = true, label = 'Publish date', ...field } = props;
  const a11y = usePickerA11y();
  if (withTime) return <DateTimeField label={label} {...field} />;
  return (
    <DatePickerInput
      {...isoPickerProps({ ...field, label }, a11y, 'YYYY-MM-DD')}
      valueFormat="YYYY-MM-DD"
      placeholder="Pick a date"
      leftSection={<IconCalendar size={16} />}
    />
  );
}
