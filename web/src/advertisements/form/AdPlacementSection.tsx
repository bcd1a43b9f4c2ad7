import { Group, Select, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { AdPosition, AdvertisementInput, ScreenType } from '../../../../shared/schemas/advertisement';
import { FormSection } from '../../common/FormSection';
import { withController } from '../../common/form/with-controller';
import type { useKnownFiles } from '../../upload/known-files';
import { POSITION_OPTIONS } from '../positions';
import { AdImagesField } from './AdImagesField';
import { type AdForm, imagesFor } from './ad-form';

const AdImagesController = withController(AdImagesField);

interface AdPlacementSectionProps {
  form: UseFormReturn<AdForm, unknown, AdvertisementInput>;
  files: ReturnType<typeof useKnownFiles>['files'];
  onFileUploaded: ReturnType<typeof useKnownFiles>['addUploaded'];
  onBusyChange: (screenType: ScreenType, busy: boolean) => void;
}

/** Where the ad shows and its images: a position without a Desktop image drops it, and says so. */
export function AdPlacementSection({ form, files, onFileUploaded, onBusyChange }: AdPlacementSectionProps) {
  const { control, getValues, setValue } = form;
  const { isSubmitted, touchedFields } = form.formState;
  const position = useWatch({ control, name: 'position' });
  // Set when leaving Top dropped the Desktop image, so the change does not go unnoticed.
  const [droppedDesktop, setDroppedDesktop] = useState(false);

  const changePosition = (next: AdPosition | '', onChange: (value: AdPosition | '') => void) => {
    onChange(next);
    const images = getValues('images');
    const kept = imagesFor(next, images);
    setDroppedDesktop(kept.length < images.length);
    setValue('images', kept, { shouldValidate: isSubmitted || Boolean(touchedFields.images) });
  };

  return (
    <FormSection title="Placement">
      <Stack gap="md">
        <Controller
          control={control}
          name="position"
          render={({ field, fieldState }) => (
            <Select
              label="Position"
              withAsterisk
              placeholder="Where the ad shows"
              data={POSITION_OPTIONS}
              value={field.value || null}
              onChange={(next) => changePosition((next as AdPosition | null) ?? '', field.onChange)}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={fieldState.error?.message}
              comboboxProps={{ shadow: 'md' }}
            />
          )}
        />
        {droppedDesktop && (
          <Group gap={6} wrap="nowrap" align="flex-start" role="status">
            <IconInfoCircle size={16} color="var(--mantine-color-blue-7)" style={{ flex: 'none', marginTop: 2 }} />
            <Text size="sm" c="dimmed">
              The Desktop image was removed: only the Top position shows one.
            </Text>
          </Group>
        )}
        <AdImagesController
          control={control}
          name="images"
          touchOnChange
          position={position}
          files={files}
          onFileUploaded={onFileUploaded}
          onBusyChange={onBusyChange}
        />
      </Stack>
    </FormSection>
  );
}
