import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { AdPosition, AdvertisementInput, ScreenType } from '../../../shared/schemas/advertisement';
import type { ScreenProps } from '../app/screen';
import { CategoriesController } from '../articles/editor/kit';
import { FormActions, UploadingNote } from '../common/FormActions';
import { FormColumns } from '../common/FormColumns';
import { FormError } from '../common/FormError';
import { FormSection } from '../common/FormSection';
import { CreateRecordScreen, EditRecordScreen, type RecordFormProps } from '../common/form/form-screens';
import { inputBinder } from '../common/form/input-binder';
import { useSaveForm } from '../common/form/use-save-form';
import { withController } from '../common/form/with-controller';
import { notifySuccess } from '../common/notify';
import scroll from '../common/ScrollMargin.module.css';
import { useNow } from '../common/use-now';
import { useScrollToFirstError } from '../common/use-scroll-to-first-error';
import { useKnownFiles } from '../upload/known-files';
import {
  type AdvertisementDetail,
  createAdvertisement,
  revalidateAdvertisements,
  updateAdvertisement,
  useAdvertisement,
} from './api';
import { AdDateField } from './form/AdDateField';
import { AdFacts } from './form/AdFacts';
import { AdImagesField } from './form/AdImagesField';
import { type AdForm, adFormResolver, EMPTY_AD_FORM, imagesFor, toAdForm } from './form/ad-form';
import { ClientSelect } from './form/ClientSelect';
import { POSITION_OPTIONS } from './positions';

const LIST_PATH = '/advertisement';
const DESCRIPTION = 'Who is advertising, where and when the ad runs, and the images it shows.';

const ClientController = withController(ClientSelect);
const AdImagesController = withController(AdImagesField);

/** CONTRACT.md §2 / §4: the ad form in add mode (no id). */
export const CreateAdvertisementPage = (screen: ScreenProps) => (
  <CreateRecordScreen {...screen} description={DESCRIPTION} form={AdvertisementForm} />
);

/** CONTRACT.md §4: update mode has an id and loads the record first. */
export const EditAdvertisementPage = (screen: ScreenProps) => (
  <EditRecordScreen
    {...screen}
    description={DESCRIPTION}
    noun="advertisement"
    useRecord={useAdvertisement}
    form={AdvertisementForm}
  />
);

function AdvertisementForm({ record: ad, reload, backTo }: RecordFormProps<AdvertisementDetail>) {
  const navigate = useNavigate();
  const now = useNow(60_000);
  const resolver = useMemo(() => adFormResolver(ad), [ad]);
  const form = useForm<AdForm, unknown, AdvertisementInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: ad ? toAdForm(ad) : EMPTY_AD_FORM,
  });
  const { control, getValues, setValue, trigger } = form;
  const { isSubmitting, isSubmitted, touchedFields } = form.formState;
  const input = inputBinder(form);
  const position = useWatch({ control, name: 'position' });
  const formRef = useScrollToFirstError(form.formState);

  const { files, addUploaded } = useKnownFiles(ad?.media);
  const [uploading, setUploading] = useState<Partial<Record<ScreenType, boolean>>>({});
  const onUploadBusy = useCallback(
    (screenType: ScreenType, busy: boolean) =>
      setUploading((current) => (current[screenType] === busy ? current : { ...current, [screenType]: busy })),
    [],
  );
  const busyUploading = Object.values(uploading).some(Boolean);
  // Set when leaving Top dropped the Desktop image, so the change does not go unnoticed.
  const [droppedDesktop, setDroppedDesktop] = useState(false);

  // A stored date may lie in the past (a running ad keeps its start): the picker must not move it to now.
  const earliest = (stored: string | undefined) =>
    stored && Date.parse(stored) < now.getTime() ? new Date(stored) : now;

  const changePosition = (next: AdPosition | '', onChange: (value: AdPosition | '') => void) => {
    onChange(next);
    const images = getValues('images');
    const kept = imagesFor(next, images);
    setDroppedDesktop(kept.length < images.length);
    setValue('images', kept, { shouldValidate: isSubmitted || Boolean(touchedFields.images) });
  };

  const save = useSaveForm(form, async (values) => {
    if (ad) await updateAdvertisement(ad, values);
    else await createAdvertisement(values);
    // CONTRACT.md §8: the same popup after an update, then the ad list.
    notifySuccess('Advertisement Added Successfully');
    void revalidateAdvertisements(ad?._id);
    navigate(LIST_PATH);
  });

  return (
    <form
      ref={formRef}
      className={scroll.offsetAlerts}
      onSubmit={save.onSubmit}
      noValidate
      aria-label={ad ? 'Update Advertisement' : 'Add Advertisement'}
    >
      <FormError error={save.failure} onReload={reload} />
      <FormColumns
        main={
          <>
            <FormSection title="Advertisement">
              <Stack gap="md">
                <TextInput label="Title" withAsterisk autoComplete="off" {...input('title')} />
                <Textarea label="Description" autosize minRows={3} maxRows={8} {...input('description')} />
                <TextInput
                  label="Link"
                  description="Where a click on the ad goes"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://"
                  {...input('url')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                  <ClientController
                    control={control}
                    name="client"
                    stored={ad && { id: ad.client, name: ad.clientName }}
                  />
                  <CategoriesController control={control} name="categories" required />
                </SimpleGrid>
              </Stack>
            </FormSection>

            <FormSection title="Schedule and delivery">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
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
                </SimpleGrid>
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
                <Checkbox
                  label="Show in Home"
                  description="Also shown on the home page"
                  {...form.register('isFeatured')}
                />
              </Stack>
            </FormSection>
          </>
        }
        side={
          <>
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
                    <IconInfoCircle
                      size={16}
                      color="var(--mantine-color-blue-7)"
                      style={{ flex: 'none', marginTop: 2 }}
                    />
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
                  onFileUploaded={addUploaded}
                  onBusyChange={onUploadBusy}
                />
              </Stack>
            </FormSection>

            {ad && <AdFacts ad={ad} now={now} />}
          </>
        }
      />

      <FormActions
        submitLabel={ad ? 'Update' : 'Save'}
        submitting={isSubmitting}
        disabled={busyUploading}
        cancelTo={backTo}
      />
      {busyUploading && <UploadingNote>Images are still uploading; save once they are done.</UploadingNote>}
    </form>
  );
}
