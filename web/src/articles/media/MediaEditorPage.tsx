import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Navigate, useParams } from 'react-router-dom';
import { articleSchemaFor } from '../../../../shared/schemas/article';
import { allowedActions, type WorkflowAction, workflowRoleOf } from '../../../../shared/workflow';
import type { ScreenProps } from '../../app/screen';
import { UploadingNote } from '../../common/FormActions';
import { PageHeader } from '../../common/PageHeader';
import { RecordScreen } from '../../common/RecordScreen';
import scroll from '../../common/ScrollMargin.module.css';
import { useScrollToFirstError } from '../../common/use-scroll-to-first-error';
import { useSession } from '../../session/session-context';
import { useKnownFiles } from '../../upload/known-files';
import { type ArticleDetail, useArticle } from '../api';
import { EditorColumns, editPathFor, NoActionsNotice, SAVED_MESSAGES, WorkflowBar } from '../form';
import { useArticleEditor } from '../safety-net/use-article-editor';
import { MediaItemsSection, MediaSideSections, MediaStorySection } from './MediaEditorSections';
import { type MediaFormValues, type MediaType, mediaBody, mediaFormValues } from './media-form';

/** CONTRACT.md §2 Add Video. */
export const CreateVideoPage = (props: ScreenProps) => <CreateMediaPage type="Video" {...props} />;
/** CONTRACT.md §2 Update Video. */
export const EditVideoPage = (props: ScreenProps) => <EditMediaPage type="Video" {...props} />;
/** CONTRACT.md §2 Add Gallery. */
export const CreateGalleryPage = (props: ScreenProps) => <CreateMediaPage type="Gallery" {...props} />;
/** CONTRACT.md §2 Update Gallery. */
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
 * CONTRACT.md §4 for the media editors: Save on a new one gives Draft, Save on an existing one publishes, Retract takes
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
  const formRef = useScrollToFirstError(form.formState);

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
    // CONTRACT.md §8 names one popup per editor, whatever the save did to the status.
    message: () => SAVED_MESSAGES[type],
  });
  const { article, status, readOnly } = editor;
  const live = status === 'Published' || status === 'Scheduled';
  // CONTRACT.md §2: Retract while it is live, Publish otherwise; the status machine still decides what applies.
  const show: WorkflowAction[] = live ? ['save', 'retract'] : ['save', 'publish'];
  const allowed = allowedActions(status, workflowRoleOf(user), 'media');
  const canAct = show.some((action) => allowed.includes(action));
  // Preview saves a Draft first: offered only where that save is allowed.
  const canPreview = allowed.includes('draft');

  // Preview saves as Draft (CONTRACT.md §4), which takes a live article off the site: say so before doing it.
  const preview = () => {
    if (!live) {
      void editor.commands.preview();
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
      onConfirm: () => void editor.commands.preview(),
    });
  };

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
      <EditorColumns
        readOnly={readOnly}
        sideLabel="Cover, SEO & publishing"
        main={
          <>
            <MediaStorySection form={form} type={type} isNew={!loaded} />
            <MediaItemsSection
              form={form}
              type={type}
              files={files}
              onFileUploaded={addUploaded}
              onBusyChange={onItemsBusy}
            />
          </>
        }
        side={<MediaSideSections form={form} type={type} article={article} onCoverBusy={onCoverBusy} />}
      />

      <WorkflowBar {...editor.bar} kind="media" show={show} onPreview={canPreview ? preview : undefined} />
      {uploading.items || uploading.cover ? (
        <UploadingNote>Files are still uploading; saving waits for them.</UploadingNote>
      ) : null}
    </form>
  );
}
