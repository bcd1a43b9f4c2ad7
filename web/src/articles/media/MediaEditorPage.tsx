import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Navigate, useParams } from 'react-router-dom';
import { articleSchemaFor } from '../../../../shared/schemas/article';
import { allowedActions, type WorkflowAction, workflowRoleOf } from '../../../../shared/workflow';
import { UploadingNote } from '../../common/FormActions';
import { FormColumns } from '../../common/FormColumns';
import { FormSection } from '../../common/FormSection';
import { PageHeader } from '../../common/PageHeader';
import { RecordScreen } from '../../common/RecordScreen';
import scroll from '../../common/ScrollMargin.module.css';
import { useScrollToFirstError } from '../../common/use-scroll-to-first-error';
import type { ScreenProps } from '../../routes';
import { useSession } from '../../session/session-context';
import { useKnownFiles } from '../../upload/known-files';
import { type ArticleDetail, useArticle } from '../api';
import {
  AuthorSelect,
  CategoryMultiSelect,
  CoverImageField,
  editPathFor,
  HistoryPanel,
  NoActionsNotice,
  PublishDateField,
  SAVED_MESSAGES,
  SeoFields,
  useArticleEditor,
  WorkflowBar,
} from '../editor/kit';
import { type MediaItemError, MediaItemsField } from './MediaItemsField';
import { type MediaFormValues, type MediaType, mediaBody, mediaFormValues } from './media-form';
import { publishInstantFromPicker } from './publish-day';
import { TagsInput } from './TagsInput';

/** SPEC §2 Add Video. */
export const CreateVideoPage = (props: ScreenProps) => <CreateMediaPage type="Video" {...props} />;
/** SPEC §2 Update Video. */
export const EditVideoPage = (props: ScreenProps) => <EditMediaPage type="Video" {...props} />;
/** SPEC §2 Add Gallery. */
export const CreateGalleryPage = (props: ScreenProps) => <CreateMediaPage type="Gallery" {...props} />;
/** SPEC §2 Update Gallery. */
export const EditGalleryPage = (props: ScreenProps) => <EditMediaPage type="Gallery" {...props} />;

interface MediaPageProps extends ScreenProps {
  type: MediaType;
}

function CreateMediaPage({ type, title, backTo }: MediaPageProps) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} description={DESCRIPTIONS[type]} />
      <MediaEditor type={type} />
    </>
  );
}

function EditMediaPage({ type, title, backTo }: MediaPageProps) {
  const { id } = useParams();
  const load = useArticle(id);

  if (load.data && load.data.type !== type) {
    // A link to the wrong editor (e.g. a gallery opened as a video): open the one that fits.
    return <Navigate replace to={editPathFor(load.data.type, load.data._id)} />;
  }
  return (
    <RecordScreen title={title} backTo={backTo} description={DESCRIPTIONS[type]} load={load} noun={type.toLowerCase()}>
      {/* Keyed by id only: a save or a reload updates the form in place, it never remounts it. */}
      {(article) => <MediaEditor key={article._id} type={type} article={article} />}
    </RecordScreen>
  );
}

const DESCRIPTIONS: Record<MediaType, string> = {
  Video: 'One or more videos — links to a video-sharing site or uploaded mp4 files — with their story.',
  Gallery: 'A set of photos with captions, a cover and tags.',
};

interface MediaEditorProps {
  type: MediaType;
  /** Absent when creating. */
  article?: ArticleDetail;
}

/**
 * SPEC §4 for the media editors: Save on a new one gives Draft, Save on an existing one publishes, Retract takes
 * a live one down. Every one of them returns to the list; Preview (a Draft save) stays.
 */
const LEAVE_AFTER: readonly WorkflowAction[] = ['save', 'publish', 'retract'];

function MediaEditor({ type, article: loaded }: MediaEditorProps) {
  const { user } = useSession();
  const schema = articleSchemaFor(type);
  // The type's schema validates the fields this form holds (the other type's list stays empty and is not sent).
  const resolver = useMemo(() => zodResolver(schema) as unknown as Resolver<MediaFormValues>, [schema]);
  const form = useForm<MediaFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: mediaFormValues(type, loaded, { author: user?._id ?? '', now: new Date() }),
  });
  const {
    control,
    register,
    formState: { errors, submitCount },
  } = form;
  const formRef = useRef<HTMLFormElement>(null);
  useScrollToFirstError(formRef, submitCount, Object.keys(errors).length > 0);

  const { files, addUploaded, addStored } = useKnownFiles(loaded?.media);
  const [uploading, setUploading] = useState({ items: false, cover: false });
  const onItemsBusy = useCallback((busy: boolean) => setUploading((u) => ({ ...u, items: busy })), []);
  const onCoverBusy = useCallback((busy: boolean) => setUploading((u) => ({ ...u, cover: busy })), []);

  const editor = useArticleEditor<MediaFormValues>({
    type,
    article: loaded,
    form,
    toInput: (values) => mediaBody(type, values),
    toForm: (stored) => {
      addStored(stored.media);
      return mediaFormValues(type, stored, { author: user?._id ?? '', now: new Date() });
    },
    leaveAfter: LEAVE_AFTER,
    uploading: uploading.items || uploading.cover,
    // SPEC §8 names one popup per editor, whatever the save did to the status.
    message: () => SAVED_MESSAGES[type],
  });
  const { article, status } = editor;
  const live = status === 'Published' || status === 'Scheduled';
  // SPEC §2: Retract while it is live, Publish otherwise; the status machine still decides what applies.
  const show: WorkflowAction[] = live ? ['save', 'retract'] : ['save', 'publish'];
  const allowed = allowedActions(status, workflowRoleOf(user), 'media');
  const canAct = show.some((action) => allowed.includes(action));
  // Preview saves a Draft first: offered only where that save is allowed.
  const canPreview = allowed.includes('draft');

  // Preview saves as Draft (SPEC §4), which takes a live article off the site: say so before doing it.
  const preview = () => {
    if (!live) {
      void editor.preview();
      return;
    }
    modals.openConfirmModal({
      title: 'Preview as a draft?',
      children: (
        <Text size="sm">
          Preview saves this {type.toLowerCase()} as a Draft, which takes it off the site until it is saved or published
          again.
        </Text>
      ),
      labels: { confirm: 'Save as Draft and preview', cancel: 'Keep it live' },
      centered: true,
      onConfirm: () => void editor.preview(),
    });
  };

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
    <form
      ref={formRef}
      className={scroll.offsetAlerts}
      noValidate
      aria-label={article ? `Update ${type}` : `Add ${type}`}
      onSubmit={(e) => e.preventDefault()}
    >
      {editor.alerts}
      {article && !canAct && <NoActionsNotice status={article.status} noun={type.toLowerCase()} />}
      <FormColumns
        main={
          <>
            <FormSection title="Story">
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
                  withAsterisk
                  autosize
                  minRows={3}
                  maxRows={10}
                  error={errors.description?.message}
                  {...register('description')}
                />
                {type === 'Gallery' && (
                  <Controller
                    control={control}
                    name="tags"
                    render={({ field, fieldState }) => (
                      <TagsInput
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                )}
              </Stack>
            </FormSection>

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
                    onFileUploaded={addUploaded}
                    errors={perItem}
                    error={listError}
                    onBusyChange={onItemsBusy}
                  />
                )}
              />
            </FormSection>

            <FormSection title="Search engines">
              <Stack gap="md">
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
                <TextInput
                  label="Canonical URL"
                  description="The original address when this story was first published elsewhere"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://"
                  error={errors.canonicalUrl?.message}
                  {...register('canonicalUrl')}
                />
              </Stack>
            </FormSection>
          </>
        }
        side={
          <>
            <FormSection title="Publishing">
              <Stack gap="md">
                <Controller
                  control={control}
                  name="publishDate"
                  render={({ field, fieldState }) => (
                    <PublishDateField
                      withTime={false}
                      required
                      value={field.value}
                      onChange={(picked) => field.onChange(publishInstantFromPicker(picked))}
                      onBlur={field.onBlur}
                      description="A later day schedules it"
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="user"
                  render={({ field, fieldState }) => (
                    <AuthorSelect
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      currentName={article?.authorName}
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
                <Checkbox
                  label="Sponsored"
                  description="Marked as paid content on the site"
                  {...register('isSponsored')}
                />
              </Stack>
            </FormSection>

            <FormSection title="Cover">
              <Stack gap="md">
                <Controller
                  control={control}
                  name="image"
                  render={({ field, fieldState }) => (
                    <CoverImageField
                      purpose="media-cover"
                      required={type === 'Gallery'}
                      value={field.value}
                      media={field.value ? (article?.media?.[field.value] ?? undefined) : undefined}
                      onChange={(id) => {
                        field.onChange(id);
                        field.onBlur();
                      }}
                      onBusyChange={onCoverBusy}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <TextInput
                  label="Cover image title"
                  autoComplete="off"
                  error={errors.imageTitle?.message}
                  {...register('imageTitle')}
                />
              </Stack>
            </FormSection>

            {article && <HistoryPanel articleId={article._id} />}
          </>
        }
      />

      <WorkflowBar
        status={status}
        kind="media"
        busy={editor.busy}
        pending={editor.pending}
        show={show}
        onAction={(action) => void editor.run(action)}
        onPreview={canPreview ? preview : undefined}
        onCancel={editor.cancel}
      />
      {uploading.items || uploading.cover ? (
        <UploadingNote>Files are still uploading; saving waits for them.</UploadingNote>
      ) : null}
    </form>
  );
}
