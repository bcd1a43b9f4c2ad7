import { Alert, Anchor, Box, Divider, Group, Stack, TextInput } from '@mantine/core';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { epaperSchema } from '../../../shared/schemas/epaper';
import type * as z from '../../../shared/schemas/z';
import type { ScreenProps } from '../app/screen';
import { PublishDateController, SeoController, seoFormValue } from '../articles/form';
import { FieldGrid } from '../common/FieldGrid';
import { FormActions, UploadingNote } from '../common/FormActions';
import { FormCard } from '../common/form/FormCard';
import { CreateRecordScreen, EditRecordScreen, type RecordFormProps } from '../common/form/form-screens';
import { inputBinder } from '../common/form/input-binder';
import { useSaveForm } from '../common/form/use-save-form';
import { useSchemaForm } from '../common/form/use-schema-form';
import { notifySuccess } from '../common/notify';
import { useSession } from '../session/session-context';
import { Uploader } from '../upload/Uploader';
import type { UploadedAsset } from '../upload/upload-api';
import { createEpaper, type EpaperDetail, revalidateEpapers, updateEpaper, useEpaper } from './api';
import { canEditEpaper } from './list-query';

type EpaperForm = z.input<typeof epaperSchema>;

const LIST_PATH = '/epaper';

const EMPTY: EpaperForm = {
  title: '',
  seo: seoFormValue(undefined),
  file: '',
  publishDate: '',
};

const toForm = (edition: EpaperDetail): EpaperForm => ({
  title: edition.title,
  seo: seoFormValue(edition.seo),
  file: edition.file,
  publishDate: edition.publishDate,
});

/** CONTRACT.md §2 Add Epaper. */
export const CreateEpaperPage = (screen: ScreenProps) => (
  <CreateRecordScreen
    {...screen}
    description="A new edition is saved as a Draft; publish it from the list."
    form={EpaperFormCard}
  />
);

/** CONTRACT.md §2 Update Epaper: loads the edition first. */
export const EditEpaperPage = (screen: ScreenProps) => (
  <EditRecordScreen
    {...screen}
    noun="edition"
    useRecord={useEpaper}
    describeRecord={(data) => `${data.status} · added by ${data.userName || 'someone no longer here'}`}
    form={EpaperFormCard}
  />
);

function EpaperFormCard({ record: edition, reload, backTo }: RecordFormProps<EpaperDetail>) {
  const navigate = useNavigate();
  const { user } = useSession();
  const [uploading, setUploading] = useState(false);
  // The PDF the form holds, for its name and link: the stored one, or the one just uploaded here.
  const [pdf, setPdf] = useState<UploadedAsset | null>(() => {
    const stored = edition ? edition.media?.[edition.file] : undefined;
    return stored ? { _id: stored._id, url: stored.url, name: stored.name || undefined } : null;
  });
  // An Edit:own user may open someone else's edition (the route allows it) but the API refuses the save.
  const readOnly = edition !== undefined && !canEditEpaper(user, edition.user);

  const form = useSchemaForm(epaperSchema, edition ? toForm(edition) : EMPTY);
  const { control } = form;
  const input = inputBinder(form);

  const save = useSaveForm(form, async (values) => {
    if (edition) await updateEpaper(edition, values);
    else await createEpaper(values);
    notifySuccess(edition ? 'Epaper Updated Successfully' : 'Epaper Added Successfully');
    void revalidateEpapers(edition?._id);
    navigate(LIST_PATH);
  });

  return (
    <FormCard
      label={edition ? 'Update Epaper' : 'Add Epaper'}
      save={save}
      onReload={reload}
      maw={900}
      notice={
        readOnly && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="md">
            You can change only the editions you added. This one was added by {edition?.userName || 'someone else'}.
          </Alert>
        )
      }
      // Everything is shown but nothing can change when the save would be refused.
      readOnly={readOnly}
      actions={
        <>
          <FormActions
            submitLabel={edition ? 'Update' : 'Save'}
            submitting={save.submitting}
            disabled={readOnly || uploading}
            cancelTo={backTo}
          />
          {uploading && <UploadingNote>The PDF is still uploading; you can save once it has arrived.</UploadingNote>}
        </>
      }
    >
      <Stack gap="md">
        <TextInput
          label="Title"
          withAsterisk
          autoComplete="off"
          placeholder="e.g. Morning edition, 14 March"
          {...input('title')}
        />
        <FieldGrid from="md">
          <Controller
            control={control}
            name="file"
            render={({ field, fieldState }) => (
              <Box>
                <Uploader
                  purpose="epaper-pdf"
                  label="PDF"
                  withAsterisk
                  disabled={readOnly}
                  value={
                    field.value && pdf?._id === field.value ? pdf : field.value ? { _id: field.value, url: '' } : null
                  }
                  onChange={(asset) => {
                    setPdf(asset);
                    field.onChange(asset?._id ?? '');
                    field.onBlur();
                  }}
                  onBusyChange={setUploading}
                  error={fieldState.error?.message}
                />
                {pdf?.url && pdf._id === field.value && (
                  // The whole name here: shortened to 8 characters (the upload field's), editions' files all read
                  // 'Morning-.pdf' and hide which edition is attached.
                  <Anchor
                    href={pdf.url}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    mt={6}
                    display="inline-block"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    <Group gap={4} wrap="nowrap" align="flex-start" component="span">
                      <IconExternalLink size={14} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
                      <span>Open {pdf.name || 'the PDF'}</span>
                    </Group>
                  </Anchor>
                )}
              </Box>
            )}
          />
          <PublishDateController
            control={control}
            name="publishDate"
            format={(stored) => stored || null}
            parse={(iso) => iso ?? ''}
            required
            description="The edition's date and time on the site"
          />
        </FieldGrid>

        <Divider label="Search engines" labelPosition="left" mt="sm" />
        <SeoController control={control} name="seo" required errors={form.formState.errors.seo} />
      </Stack>
    </FormCard>
  );
}
