import { Stack, Textarea, TextInput } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { AdvertisementInput, ScreenType } from '../../../shared/schemas/advertisement';
import type { ScreenProps } from '../app/screen';
import { CategoriesController } from '../articles/form';
import { FieldGrid } from '../common/FieldGrid';
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
import { DeliveryPanel } from './delivery/DeliveryPanel';
import { AdFacts } from './form/AdFacts';
import { AdPlacementSection } from './form/AdPlacementSection';
import { AdScheduleSection } from './form/AdScheduleSection';
import { type AdForm, adFormResolver, EMPTY_AD_FORM, toAdForm } from './form/ad-form';
import { ClientSelect } from './form/ClientSelect';

const LIST_PATH = '/advertisement';
const DESCRIPTION = 'Who is advertising, where and when the ad runs, and the images it shows.';

const ClientController = withController(ClientSelect);

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
  const { control } = form;
  const { isSubmitting } = form.formState;
  const input = inputBinder(form);
  const formRef = useScrollToFirstError(form.formState);

  const { files, addUploaded } = useKnownFiles(ad?.media);
  const [uploading, setUploading] = useState<Partial<Record<ScreenType, boolean>>>({});
  const onUploadBusy = useCallback(
    (screenType: ScreenType, busy: boolean) =>
      setUploading((current) => (current[screenType] === busy ? current : { ...current, [screenType]: busy })),
    [],
  );
  const busyUploading = Object.values(uploading).some(Boolean);

  const save = useSaveForm(form, async (values) => {
    if (ad) await updateAdvertisement(ad, values);
    else await createAdvertisement(values);
    // CONTRACT.md §8: the same popup after an update, then the ad list.
    notifySuccess('Advertisement Added Successfully');
    void revalidateAdvertisements(ad?._id);
    navigate(LIST_PATH);
  });

  return (
    <Stack gap="lg">
      {/* Outside the form: what the ad delivered is read, never sent back. */}
      {ad && <DeliveryPanel ad={ad} />}
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
                  <FieldGrid>
                    <ClientController
                      control={control}
                      name="client"
                      stored={ad && { id: ad.client, name: ad.clientName }}
                    />
                    <CategoriesController control={control} name="categories" required />
                  </FieldGrid>
                </Stack>
              </FormSection>

              <AdScheduleSection form={form} ad={ad} now={now} />
            </>
          }
          side={
            <>
              <AdPlacementSection form={form} files={files} onFileUploaded={addUploaded} onBusyChange={onUploadBusy} />

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
    </Stack>
  );
}
