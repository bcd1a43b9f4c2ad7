import { zodResolver } from '@hookform/resolvers/zod';
import { Input, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Navigate, useParams } from 'react-router-dom';
import { articleSchemaFor } from '../../../../shared/schemas/article';
import { emptyEditorData, type Section } from '../../../../shared/schemas/article-body';
import type { MediaRef } from '../../../../shared/schemas/common';
import { allowedActions, isLive, type WorkflowAction, workflowRoleOf } from '../../../../shared/workflow';
import type { ScreenProps } from '../../app/screen';
import { FormSection } from '../../common/FormSection';
import { SlugController } from '../../common/form/SlugController';
import { PageHeader } from '../../common/PageHeader';
import { RecordScreen } from '../../common/RecordScreen';
import scroll from '../../common/ScrollMargin.module.css';
import { useScrollToFirstError } from '../../common/use-scroll-to-first-error';
import { useSession } from '../../session/session-context';
import { type ArticleDetail, type ArticleInput, useArticle } from '../api';
import {
  CoverImageController,
  EditorColumns,
  editPathFor,
  HistoryPanel,
  NoActionsNotice,
  SectionsController,
  TitleField,
  WorkflowBar,
} from '../form';
import { editedArticle } from '../safety-net/edited-article';
import { useArticleEditor } from '../safety-net/use-article-editor';

interface PageFormValues {
  title: string;
  /** The page's address on the site (`about-us`); follows the title until edited. */
  slug: string;
  /** Body blocks: a header and rich content each. */
  body: Section[];
  /** The page's image (asset id). */
  image: string | null;
}

const DESCRIPTION = 'A standalone page of the site (About us, Contact, Terms): a title, body blocks and an image.';

/** CONTRACT.md §2 Add Page (/page/create). */
export function CreatePagePage({ title, backTo }: ScreenProps) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} description={DESCRIPTION} />
      <PageEditor />
    </>
  );
}

/** Update Page: the list's Edit of an article of type Page. */
export function EditPagePage({ title, backTo }: ScreenProps) {
  const { id } = useParams();
  const load = useArticle(id);

  if (load.data && load.data.type !== 'Page') {
    return <Navigate replace to={editPathFor(load.data.type, load.data._id)} />;
  }
  return (
    <RecordScreen title={title} backTo={backTo} description={DESCRIPTION} load={load} noun="page">
      {/* Keyed by id only: a save or a reload updates the form in place, it never remounts it. */}
      {(article) => <PageEditor key={article._id} article={article} />}
    </RecordScreen>
  );
}

const toForm = (article: ArticleDetail | undefined): PageFormValues => ({
  title: article?.title ?? '',
  slug: article?.slug ?? '',
  // CONTRACT.md §9: the default body block has an empty header and body.
  body: article?.body?.length ? article.body : [{ title: '', body: emptyEditorData() }],
  image: article?.image ?? null,
});

const toInput = (values: PageFormValues): ArticleInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  body: values.body.map((section) => ({ title: section.title?.trim() ?? '', body: section.body })),
  image: values.image,
});

const SHOW: WorkflowAction[] = ['draft', 'publish'];
const LABELS: Partial<Record<WorkflowAction, string>> = { draft: 'SAVE DRAFT', publish: 'SAVE AND PUBLISH' };
/** A live page: Save keeps its changes as a draft (it stays live), Publish puts them live, Retract takes it down. */
const LIVE_SHOW: WorkflowAction[] = ['save', 'publish', 'retract'];
const liveLabels = (pending: boolean): Partial<Record<WorkflowAction, string>> => ({
  save: 'SAVE CHANGES',
  publish: pending ? 'PUBLISH CHANGES' : 'PUBLISH',
  retract: 'RETRACT',
});

const resolver = zodResolver(articleSchemaFor('Page')) as unknown as Resolver<PageFormValues>;

function PageEditor({ article: stored }: { article?: ArticleDetail }) {
  // A live page with unpublished changes opens its draft.
  const loaded = stored && editedArticle(stored);
  const form = useForm<PageFormValues>({ resolver, mode: 'onTouched', defaultValues: toForm(loaded) });
  const { control } = form;
  const { errors } = form.formState;
  const formRef = useScrollToFirstError(form.formState);

  // The stored image's file (for its preview); one uploaded here is remembered by the cover field itself.
  const [images, setImages] = useState<Record<string, MediaRef>>(() => ({ ...(loaded?.media ?? {}) }));
  const [uploading, setUploading] = useState(false);
  const onImageBusy = useCallback((busy: boolean) => setUploading(busy), []);

  const editor = useArticleEditor<PageFormValues>({
    type: 'Page',
    article: loaded,
    form,
    toInput,
    toForm: (stored) => {
      setImages((known) => ({ ...known, ...stored.media }));
      return toForm(stored);
    },
    uploading,
    saveAction: (status) => (isLive(status) ? 'save' : 'draft'),
  });
  const { article, status, Scope, readOnly } = editor;
  const { user } = useSession();
  const live = isLive(status);
  const show = live ? LIVE_SHOW : SHOW;
  const canAct = allowedActions(status, workflowRoleOf(user), 'article').some((action) => show.includes(action));

  const sectionErrors = Array.isArray(errors.body) ? errors.body.map((e) => e?.body?.message ?? e?.title?.message) : [];

  return (
    <form
      ref={formRef}
      className={scroll.offsetAlerts}
      noValidate
      aria-label={article ? 'Update Page' : 'Add Page'}
      onSubmit={(e) => e.preventDefault()}
    >
      {editor.alerts}
      {article && !canAct && <NoActionsNotice status={article.status} noun="page" />}
      <EditorColumns
        readOnly={readOnly}
        sideLabel={article ? 'Image & history' : 'Image'}
        main={
          <FormSection label="Content">
            <Stack gap="md">
              <TitleField form={form} />
              <SlugController control={control} follow={!stored} />
              <Scope>
                <SectionsController
                  control={control}
                  name="body"
                  errors={sectionErrors}
                  headlineLabel="Header"
                  addLabel="Add block"
                  noun="Block"
                  readOnly={readOnly}
                />
              </Scope>
              {errors.body && !Array.isArray(errors.body) && errors.body.message ? (
                <Input.Error role="alert" data-field-error>
                  {errors.body.message}
                </Input.Error>
              ) : null}
            </Stack>
          </FormSection>
        }
        side={
          <>
            <FormSection label="Image">
              <CoverImageController
                control={control}
                name="image"
                purpose="cover-image"
                label="Image"
                files={images}
                onBusyChange={onImageBusy}
              />
            </FormSection>
            {article && <HistoryPanel articleId={article._id} />}
          </>
        }
      />

      <WorkflowBar
        {...editor.bar}
        kind="article"
        show={show}
        labels={live ? liveLabels(editor.bar.pendingChanges ?? false) : LABELS}
      />
    </form>
  );
}
