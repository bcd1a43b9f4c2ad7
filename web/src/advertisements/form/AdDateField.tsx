import { IconCalendarTime } from '@tabler/icons-react';
import { type Control, Controller } from 'react-hook-form';
import type { AdvertisementInput } from '../../../../shared/schemas/advertisement';
import { DateTimeField } from '../../common/DateTimeField';
import type { AdForm } from './ad-form';

/** Each date's label, its picker's Apply button (named for screen readers) and the time a picked day starts with. */
const DATES = {
  startDate: { label: 'Start date', applyLabel: 'Apply start date', defaultTime: '00:00' },
  endDate: { label: 'End date', applyLabel: 'Apply end date', defaultTime: '23:59' },
} as const;

interface AdDateFieldProps {
  control: Control<AdForm, unknown, AdvertisementInput>;
  name: keyof typeof DATES;
  minDate: Date;
  /** After each change (the start re-checks the end). */
  onPicked?: () => void;
}

/** The ad's start or end: a day and a time, '' in the form until picked. */
export function AdDateField({ control, name, minDate, onPicked }: AdDateFieldProps) {
  const { label, applyLabel, defaultTime } = DATES[name];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateTimeField
          label={label}
          required
          icon={<IconCalendarTime size={16} />}
          applyLabel={applyLabel}
          value={field.value || null}
          onChange={(iso) => {
            field.onChange(iso ?? '');
            onPicked?.();
          }}
          // Visited when the picker closes, not when focus moves into it.
          onDropdownClose={field.onBlur}
          minDate={minDate}
          defaultTime={defaultTime}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
