import { Checkbox, NumberInput, Stack } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { AdvertisementInput } from '../../../../shared/schemas/advertisement';
import { FieldGrid } from '../../common/FieldGrid';
import { FormSection } from '../../common/FormSection';
import type { AdvertisementDetail } from '../api';
import { AdDateField } from './AdDateField';
import type { AdForm } from './ad-form';

interface AdScheduleSectionProps {
  form: UseFormReturn<AdForm, unknown, AdvertisementInput>;
  /** The stored ad when editing: its dates may lie in the past. */
  ad: AdvertisementDetail | undefined;
  now: Date;
}

/** When the ad runs, how often it may be shown, and whether the home page shows it too. */
export function AdScheduleSection({ form, ad, now }: AdScheduleSectionProps) {
  const { control, trigger } = form;
  const { isSubmitted, touchedFields } = form.formState;
  // A stored date may lie in the past (a running ad keeps its start): the picker must not move it to now.
  const earliest = (stored: string | undefined) =>
    stored && Date.parse(stored) < now.getTime() ? new Date(stored) : now;
  return (
    <FormSection title="Schedule and delivery">
      <Stack gap="md">
        <FieldGrid>
          <AdDateField
            control={control}
            name="startDate"
            minDate={earliest(ad?.startDate)}
            onPicked={() => {
              // The end is judged against the start: re-check it once it has been looked at.
              if (isSubmitted || touchedFields.endDate) void trigger('endDate');
            }}
          />
          <AdDateField control={control} name="endDate" minDate={earliest(ad?.endDate)} />
        </FieldGrid>
        <Controller
          control={control}
          name="maxImpressionAllowed"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Maximum impressions"
              description="How many times the ad may be shown"
              withAsterisk
              min={1}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              hideControls
              maw={{ sm: 280 }}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Checkbox label="Show in Home" description="Also shown on the home page" {...form.register('isFeatured')} />
      </Stack>
    </FormSection>
  );
}
