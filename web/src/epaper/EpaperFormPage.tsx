import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Box, Divider, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { epaperSchema } from '../../../shared/schemas/epaper';
import type * as z from '../../../shared/schemas/z';
import { PublishDateField, SeoFields, seoFormValue } from '../articles/editor/kit';
import { FormActions, UploadingNote } from '../common/FormActions';
import { FormError } from '../common/FormError';
import { shortFileName } from '../common/files';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { RecordScreen } from '../common/RecordScreen';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import { Uploader } from '../upload/Uploader';
import type { UploadedAsset } from '../upload/upload-api';
import { createEpaper, type EpaperDetail, revalidateEpapers, updateEpaper, useEpaper } from './api';
import { canEditEpaper } from './list-query';

type EpaperForm = z.input<typeof epaperSchema>;
type EpaperValues = z.output<typeof epaperSchema>;

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

/** SPEC §2 Add Epaper. */
export function CreateEpaperPage({ title, backTo }: ScreenProps) {
  return (
    <>
      <PageHeader
        title={title}
        backTo={backTo}
        description="A new edition is saved as a Draft; publish it from the list."
      />
      <EpaperFormCard backTo={backTo} />
    </>
  );
}

/** SPEC §2 Update Epaper: loads the edition first. */
export function EditEpaperPage({ title, backTo }: ScreenProps) {
  const { id } = useParams();
  const load = useEpaper(id);
  const { data } = load;
  return (
    <RecordScreen
      title={title}
      backTo={backTo}
      description={data ? `${data.status} · added by ${data.userName || 'someone no longer here'}` : undefined}
      load={load}
      noun="edition"
    >
      {/* A re-read edition (Reload after a conflict) starts a fresh form at its version. */}
      {(edition, reload) => (
        <EpaperFormCard key={`${edition._id}:${edition.version}`} edition={edition} reload={reload} backTo={backTo} />
      )}
    </RecordScreen>
  );
}

interface EpaperFormCardProps {
  /** Absent when adding. */
  edition?: EpaperDetail;
  reload?: () => Promise<unknown>;
  backTo?: string;
}

function EpaperFormCard({ edition, reload, backTo }: EpaperFormCardProps) {
  const navigate = useNavigate();
  const { user } = useSession();
  const [failure, setFailure] = useState<unknown>(null);
  const [uploading, setUploading] = useState(false);
  // The PDF the form holds, for its name and link: the stored one, or the one just uploaded here.
  const [pdf, setPdf] = useState<UploadedAsset | null>(() => {
    const stored = edition ? edition.media?.[edition.file] : undefined;
    return stored ? { _id: stored._id, url: stored.url, name: stored.name || undefined } : null;
  });
  // An Edit:own user may open someone else's edition (the route allows it) but the API refuses the save.
  const readOnly = edition !== undefined && !canEditEpaper(user, edition.user);

  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EpaperForm, unknown, EpaperValues>({
    resolver: zodResolver(epaperSchema),
    mode: 'onTouched',
    defaultValues: edition ? toForm(edition) : EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (edition) await updateEpaper(edition, values);
      else await createEpaper(values);
      notifySuccess(edition ? 'Epaper Updated Successfully' : 'Epaper Added Successfully');
      void revalidateEpapers(edition?._id);
      navigate(LIST_PATH);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={900}>
      <form onSubmit={onSubmit} noValidate aria-label={edition ? 'Update Epaper' : 'Add Epaper'}>
        {readOnly && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="md">
            You can change only the editions you added. This one was added by {edition?.userName || 'someone else'}.
          </Alert>
        )}
        <FormError error={failure} onReload={reload} />
        {/* Everything is shown but nothing can change when the save would be refused. */}
        <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="md">
            <TextInput
              label="Title"
              withAsterisk
              autoComplete="off"
              placeholder="e.g. Morning edition, 14 March"
              error={errors.title?.message}
              {...register('title')}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
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
                        field.value && pdf?._id === field.value
                          ? pdf
                          : field.value
                            ? { _id: field.value, url: '' }
                            : null
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
                      <Anchor href={pdf.url} target="_blank" rel="noopener" size="sm" mt={6} display="inline-block">
                        <Group gap={4} wrap="nowrap" component="span">
                          <IconExternalLink size={14} aria-hidden />
                          Open {pdf.name ? shortFileName(pdf.name) : 'the PDF'}
                        </Group>
                      </Anchor>
                    )}
                  </Box>
                )}
              />
              <Controller
                control={control}
                name="publishDate"
                render={({ field, fieldState }) => (
                  <PublishDateField
                    required
                    value={field.value || null}
                    onChange={(iso) => field.onChange(iso ?? '')}
                    onBlur={field.onBlur}
                    description="The edition's date and time on the site"
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>

            <Divider label="Search engines" labelPosition="left" mt="sm" />
            <Controller
              control={control}
              name="seo"
              render={({ field }) => (
                <SeoFields
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  errors={errors.seo}
                />
              )}
            />
          </Stack>
        </fieldset>
        <FormActions
          submitLabel={edition ? 'Update' : 'Save'}
          submitting={isSubmitting}
          disabled={readOnly || uploading}
          cancelTo={backTo}
        />
        {uploading && <UploadingNote>The PDF is still uploading; you can save once it has arrived.</UploadingNote>}
      </form>
    </Paper>
  );
}
