import { Checkbox, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ARTICLE_TEXT_LIMITS as LIMITS } from '../../../../shared/constants';
import { FormSection } from '../../common/FormSection';
import { counted, WatchedCharCount } from '../../common/form/CharCount';
import { inputBinder } from '../../common/form/input-binder';
import { SlugController } from '../../common/form/SlugController';
import { withController } from '../../common/form/with-controller';
import type { KnownFile } from '../../upload/known-files';
import type { UploadedAsset } from '../../upload/upload-api';
import type { ArticleDetail } from '../api';
import { CoverImageController, HistoryPanel, PublishingSection, SeoController, TitleField } from '../form';
import { type MediaItemError, MediaItemsField } from './MediaItemsField';
import type { MediaFormValues, MediaType } from './media-form';
import { publishInstantFromPicker } from './publish-day';
import { TagsInput } from './TagsInput';

const TagsController = withController(TagsInput);

type MediaForm = UseFormReturn<MediaFormValues>;

/** The story: title, slug (following the title on a new one), description, and a gallery's tags. */
export function MediaStorySection({ form, type, isNew }: { form: MediaForm; type: MediaType; isNew: boolean }) {
  const { control } = form;
  const input = inputBinder(form);
  return (
    <FormSection label="Story">
      <Stack gap="md">
        <TitleField form={form} />
        <SlugController control={control} follow={isNew} />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={3}
          maxRows={10}
          {...counted(<WatchedCharCount control={control} name="description" max={LIMITS.description} />)}
          {...input('description')}
        />
        {type === 'Gallery' && <TagsController control={control} name="tags" />}
      </Stack>
    </FormSection>
  );
}

interface MediaItemsSectionProps {
  form: MediaForm;
  type: MediaType;
  files: Record<string, KnownFile>;
  onFileUploaded: (asset: UploadedAsset) => void;
  onBusyChange: (busy: boolean) => void;
}

/** The videos or the gallery's images, with each item's problems and the list's own. */
export function MediaItemsSection({ form, type, files, onFileUploaded, onBusyChange }: MediaItemsSectionProps) {
  const { control } = form;
  const { errors } = form.formState;
  const itemsField = type === 'Video' ? 'videos' : 'gallery';
  const itemErrors = errors[itemsField];
  const perItem: (MediaItemError | undefined)[] = Array.isArray(itemErrors)
    ? itemErrors.map((e) =>
        e ? { url: e.url?.message ?? e.file?.message, description: e.description?.message } : undefined,
      )
    : [];
  const listError =
    (itemErrors as { message?: string; root?: { message?: string } } | undefined)?.message ??
    (itemErrors as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <>
      {/* The list's own heading names this section. */}
      <FormSection label={type === 'Video' ? 'Videos' : 'Gallery'}>
        <Controller
          control={control}
          name={itemsField}
          render={({ field }) => (
            <MediaItemsField
              kind={type === 'Video' ? 'video' : 'gallery'}
              value={field.value}
              onChange={field.onChange}
              files={files}
              onFileUploaded={onFileUploaded}
              errors={perItem}
              error={listError}
              onBusyChange={onBusyChange}
            />
          )}
        />
      </FormSection>
    </>
  );
}

interface MediaSideSectionsProps {
  form: MediaForm;
  type: MediaType;
  /** The stored article, once there is one. */
  article: ArticleDetail | undefined;
  onCoverBusy: (busy: boolean) => void;
}

/** The side column: publishing (with Sponsored), the cover, search engines, and the history of a stored one. */
export function MediaSideSections({ form, type, article, onCoverBusy }: MediaSideSectionsProps) {
  const { control } = form;
  const { errors } = form.formState;
  const input = inputBinder(form);
  return (
    <>
      <PublishingSection
        control={control}
        withTime={false}
        parseDate={publishInstantFromPicker}
        dateDescription="A later day schedules it"
        authorName={article?.authorName}
      >
        <Checkbox
          label="Sponsored"
          description="Marked as paid content on the site"
          {...form.register('isSponsored')}
        />
      </PublishingSection>

      <FormSection title="Cover">
        <Stack gap="md">
          <CoverImageController
            control={control}
            name="image"
            touchOnChange
            purpose="media-cover"
            required={type === 'Gallery'}
            files={article?.media}
            onBusyChange={onCoverBusy}
          />
          <TextInput
            label="Cover image title"
            autoComplete="off"
            {...counted(<WatchedCharCount control={control} name="imageTitle" max={LIMITS.imageTitle} />)}
            {...input('imageTitle')}
          />
        </Stack>
      </FormSection>

      <FormSection title="Search engines">
        <Stack gap="md">
          <SeoController control={control} name="seo" required errors={errors.seo} />
          <TextInput
            label="Canonical URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            {...counted(
              <WatchedCharCount
                control={control}
                name="canonicalUrl"
                max={LIMITS.link}
                hint="The original address when this story was first published elsewhere"
              />,
            )}
            {...input('canonicalUrl')}
          />
        </Stack>
      </FormSection>

      {article && <HistoryPanel articleId={article._id} />}
    </>
  );
}
