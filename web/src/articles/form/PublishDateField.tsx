import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { DateTimeField, type IsoDateFieldProps, isoPickerProps, usePickerA11y } from '../../common/DateTimeField';

/** An empty publish date: the story is dated the moment it goes live (CONTRACT.md §4). */
export const PUBLISH_IMMEDIATELY = 'Publish immediately';

export interface PublishDateFieldProps extends Omit<IsoDateFieldProps, 'label'> {
  /** Articles pick a time too; video and gallery a day only (CONTRACT.md §9). */
  withTime?: boolean;
  label?: string;
}

/** The publish date: a day and a time for articles, a day for video and gallery. A future date schedules. */
export function PublishDateField(props: PublishDateFieldProps) {
  const { withTime = true, label = 'Publish date', ...field } = props;
  const a11y = usePickerA11y();
  // A day picked on the empty field starts at the present time, not at midnight (which would already have passed).
  if (withTime) {
    return (
      <DateTimeField
        label={label}
        placeholder={PUBLISH_IMMEDIATELY}
        defaultTime={field.value ? undefined : dayjs().format('HH:mm')}
        {...field}
      />
    );
  }
  return (
    <DatePickerInput
      {...isoPickerProps({ ...field, label }, a11y, 'YYYY-MM-DD')}
      valueFormat="YYYY-MM-DD"
      placeholder={PUBLISH_IMMEDIATELY}
      leftSection={<IconCalendar size={16} />}
    />
  );
}
