import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCalendarTime, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format';
import type { AdPosition, AdvertisementInput, ScreenType } from '../../../shared/schemas/advertisement';
import { CategoryMultiSelect } from '../articles/editor/kit';
import { DateTimeField } from '../common/DateTimeField';
import { FormActions, UploadingNote } from '../common/FormActions';
import { FormColumns } from '../common/FormColumns';
import { FormError } from '../common/FormError';
import { FormSection } from '../common/FormSection';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { RecordScreen } from '../common/RecordScreen';
import scroll from '../common/ScrollMargin.module.css';
import { useNow } from '../common/use-now';
import { useScrollToFirstError } from '../common/use-scroll-to-first-error';
import type { ScreenProps } from '../routes';
import { useKnownFiles } from '../upload/known-files';
import { AdRunBadge } from './ad-status';
import {
  type AdvertisementDetail,
  createAdvertisement,
  revalidateAdvertisements,
  updateAdvertisement,
  useAdvertisement,
  useClientOptions,
} from './api';
import { AdImagesField } from './form/AdImagesField';
import { type AdForm, adFormResolver, EMPTY_AD_FORM, imagesFor, toAdForm } from './form/ad-form';
import { POSITION_OPTIONS } from './positions';

const LIST_PATH = '/advertisement';
const DESCRIPTION = 'Who is advertising, where and when the ad runs, and the images it shows.';

/** SPEC §2 / §4: the ad form in add mode (no id). */
export function CreateAdvertisementPage({ title, backTo }: ScreenProps) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} description={DESCRIPTION} />
      <AdvertisementForm backTo={backTo} />
    </>
  );
}

/** SPEC §4: update mode has an id and loads the record first. */
export function EditAdvertisementPage({ title, backTo }: ScreenProps) {
  const { id } = useParams();
  const load = useAdvertisement(id);
  return (
    <RecordScreen title={title} backTo={backTo} description={DESCRIPTION} load={load} noun="advertisement">
      {/* A re-read record (Reload after a conflict) starts a fresh form at its version. */}
      {(ad, reload) => <AdvertisementForm key={`${ad._id}:${ad.version}`} ad={ad} reload={reload} backTo={backTo} />}
    </RecordScreen>
  );
}

interface AdvertisementFormProps {
  /** Absent when adding. */
  ad?: AdvertisementDetail;
  reload?: () => Promise<unknown>;
  backTo?: string;
}

function AdvertisementForm({ ad, reload, backTo }: AdvertisementFormProps) {
  const navigate = useNavigate();
  const now = useNow(60_000);
  const [failure, setFailure] = useState<unknown>(null);
  const resolver = useMemo(() => adFormResolver(ad), [ad]);
  const {
    control,
    register,
    handleSubmit,
    getValues,
    setValue,
    trigger,
    formState: { errors, isSubmitting, isSubmitted, submitCount, touchedFields },
  } = useForm<AdForm, unknown, AdvertisementInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: ad ? toAdForm(ad) : EMPTY_AD_FORM,
  });
  const position = useWatch({ control, name: 'position' });
  const formRef = useRef<HTMLFormElement>(null);
  useScrollToFirstError(formRef, submitCount, Object.keys(errors).length > 0);

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

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (ad) await updateAdvertisement(ad, values);
      else await createAdvertisement(values);
      // SPEC §8: the same popup after an update, then the ad list.
      notifySuccess('Advertisement Added Successfully');
      void revalidateAdvertisements(ad?._id);
      navigate(LIST_PATH);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <form
      ref={formRef}
      className={scroll.offsetAlerts}
      onSubmit={onSubmit}
      noValidate
      aria-label={ad ? 'Update Advertisement' : 'Add Advertisement'}
    >
      <FormError error={failure} onReload={reload} />
      <FormColumns
        main={
          <>
            <FormSection title="Advertisement">
              <Stack gap="md">
                <TextInput
                  label="Title"
                  withAsterisk
                  autoComplete="off"
                  error={errors.title?.message}
                  {...register('title')}
                />
                <Textarea
                  label="Description"
                  autosize
                  minRows={3}
                  maxRows={8}
                  error={errors.description?.message}
                  {...register('description')}
                />
                <TextInput
                  label="Link"
                  description="Where a click on the ad goes"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://"
                  error={errors.url?.message}
                  {...register('url')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                  <Controller
                    control={control}
                    name="client"
                    render={({ field, fieldState }) => (
                      <ClientSelect
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        storedName={ad?.client === field.value ? ad.clientName : undefined}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name="categories"
                    render={({ field, fieldState }) => (
                      <CategoryMultiSelect
                        required
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                </SimpleGrid>
              </Stack>
            </FormSection>

            <FormSection title="Schedule and delivery">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                  <Controller
                    control={control}
                    name="startDate"
                    render={({ field, fieldState }) => (
                      <DateTimeField
                        label="Start date"
                        required
                        icon={<IconCalendarTime size={16} />}
                        applyLabel="Apply start date"
                        value={field.value || null}
                        onChange={(iso) => {
                          field.onChange(iso ?? '');
                          // The end is judged against the start: re-check it once it has been looked at.
                          if (isSubmitted || touchedFields.endDate) void trigger('endDate');
                        }}
                        // Visited when the picker closes, not when focus moves into it.
                        onDropdownClose={field.onBlur}
                        minDate={earliest(ad?.startDate)}
                        defaultTime="00:00"
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name="endDate"
                    render={({ field, fieldState }) => (
                      <DateTimeField
                        label="End date"
                        required
                        icon={<IconCalendarTime size={16} />}
                        applyLabel="Apply end date"
                        value={field.value || null}
                        onChange={(iso) => field.onChange(iso ?? '')}
                        onDropdownClose={field.onBlur}
                        minDate={earliest(ad?.endDate)}
                        defaultTime="23:59"
                        error={fieldState.error?.message}
                      />
                    )}
                  />
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
                <Checkbox label="Show in Home" description="Also shown on the home page" {...register('isFeatured')} />
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
                <Controller
                  control={control}
                  name="images"
                  render={({ field, fieldState }) => (
                    <AdImagesField
                      position={position}
                      value={field.value}
                      onChange={(images) => {
                        field.onChange(images);
                        field.onBlur();
                      }}
                      files={files}
                      onFileUploaded={addUploaded}
                      onBusyChange={onUploadBusy}
                      error={fieldState.error?.message}
                    />
                  )}
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

interface ClientSelectProps {
  value: string;
  onChange: (id: string) => void;
  onBlur: () => void;
  /** The ad's stored client name, shown while the list loads or if that client is gone. */
  storedName?: string;
  error?: string;
}

/** The one client the ad is for, searchable by name or email. */
function ClientSelect({ value, onChange, onBlur, storedName, error }: ClientSelectProps) {
  const { data, error: loadError, isLoading } = useClientOptions();
  const options = useMemo(() => {
    const entries = (data?.list ?? [])
      .map((client) => ({ value: client._id, label: client.email ? `${client.name} (${client.email})` : client.name }))
      .sort((a, b) => a.label.localeCompare(b.label));
    if (value && !entries.some((entry) => entry.value === value))
      entries.unshift({ value, label: storedName ?? (isLoading ? 'Loading…' : 'Unknown client') });
    return entries;
  }, [data, value, storedName, isLoading]);

  return (
    <Select
      label="Client"
      withAsterisk
      searchable
      data={options}
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
      onBlur={onBlur}
      placeholder={isLoading ? 'Loading clients…' : 'Choose the client'}
      nothingFoundMessage={
        loadError
          ? 'The clients could not be loaded'
          : data?.total === 0
            ? 'No clients yet: add one under Clients'
            : 'No client matches'
      }
      allowDeselect={false}
      error={error}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}

const count = new Intl.NumberFormat('en-GB');

/** What the ad has done so far and its record dates: read-only, never sent back (SPEC §3). */
function AdFacts({ ad, now }: { ad: AdvertisementDetail; now: Date }) {
  const rate = ad.views > 0 ? `${((ad.clicks / ad.views) * 100).toFixed(1)}%` : '—';
  const facts: [string, ReactNode][] = [
    ['Status', <AdRunBadge key="status" ad={ad} now={now} />],
    ['Views', `${count.format(ad.views)} of ${count.format(ad.maxImpressionAllowed)}`],
    ['Clicks', count.format(ad.clicks)],
    ['Click rate', rate],
    ['Added by', ad.user?.name || '—'],
    ['Created', formatDateTime(ad.createdAt)],
    ['Updated', formatDateTime(ad.updatedAt)],
  ];
  return (
    <FormSection title="Performance" description="As saved; not changed by this form" descriptionSize="xs">
      <Stack gap={8} component="dl" m={0}>
        {facts.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="sm" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={500} m={0} ta="right">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </FormSection>
  );
}
