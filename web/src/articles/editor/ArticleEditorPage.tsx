import { zodResolver } from '@hookform/resolvers/zod';
import { SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Navigate, useParams } from 'react-router-dom';
import { ARTICLE_TEXT_LIMITS as LIMITS } from '../../../../shared/constants';
import { type ArticleFields, articleSchemaFor } from '../../../../shared/schemas/article';
import { canEditArticle, isLive } from '../../../../shared/workflow';
import type { ScreenProps } from '../../app/screen';
import { FormSection } from '../../common/FormSection';
import { counted, WatchedCharCount } from '../../common/form/CharCount';
import { inputBinder } from '../../common/form/input-binder';
import { PageHeader } from '../../common/PageHeader';
import { RecordScreen } from '../../common/RecordScreen';
import scroll from '../../common/ScrollMargin.module.css';
import { useScrollToFirstError } from '../../common/use-scroll-to-first-error';
import { useSession } from '../../session/session-context';
import { type ArticleDetail, useArticle } from '../api';
import {
  CannotEditArticle,
  CoverImageController,
  EditorColumns,
  editPathFor,
  HistoryPanel,
  PublishingSection,
  SectionsField,
  SeoController,
  SlugController,
  TitleField,
  useSidePanel,
  WorkflowBar,
} from '../form';
import { editedArticle } from '../safety-net/edited-article';
import { useArticleEditor } from '../safety-net/use-article-editor';
import {
  type ArticleFormValues,
  emptyArticleForm,
  isWritten,
  sectionErrors,
  toArticleForm,
  toArticleInput,
  WRITTEN_TYPES,
  type WrittenType,
} from './article-form';
import { ImportPanel } from './ImportPanel';
import { useDocumentImport } from './use-document-import';

/** CONTRACT.md §2 Add Article. */
export function CreateArticlePage({ title, backTo }: ScreenProps) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <ArticleForm />
    </>
  );
}

/** CONTRACT.md §2 Update Article: loads the article first; a Video, Gallery or Page goes to its own editor. */
export function EditArticlePage({ title, backTo }: ScreenProps) {
  const { id } = useParams();
  const load = useArticle(id);
  const { user } = useSession();

  if (load.data && !isWritten(load.data.type)) {
    return <Navigate to={editPathFor(load.data.type, load.data._id)} replace />;
  }
  return (
    <RecordScreen title={title} backTo={backTo} load={load} noun="article">
      {(article) =>
        canEditArticle(user, article) ? (
          <ArticleForm key={article._id} article={article} />
        ) : (
          <CannotEditArticle articleId={article._id} backTo={backTo} />
        )
      }
    </RecordScreen>
  );
}

function ArticleForm({ article }: { article?: ArticleDetail }) {
  const { user } = useSession();
  const [type, setType] = useState<WrittenType>(article && isWritten(article.type) ? article.type : 'Article');
  const schema = articleSchemaFor(type);
  const resolver = useMemo(
    () => zodResolver(schema) as unknown as Resolver<ArticleFormValues, unknown, ArticleFields>,
    [schema],
  );
  const form = useForm<ArticleFormValues, unknown, ArticleFields>({
    resolver,
    mode: 'onTouched',
    // A live article with unpublished changes opens its draft (the live version stays on the site).
    defaultValues: article ? toArticleForm(editedArticle(article)) : emptyArticleForm(user?._id ?? ''),
  });
  const {
    control,
    formState: { errors, isSubmitted },
  } = form;
  const input = inputBinder(form);
  const [coverBusy, setCoverBusy] = useState(false);

  const editor = useArticleEditor({
    type,
    article,
    form,
    toInput: toArticleInput,
    toForm: toArticleForm,
    uploading: coverBusy,
  });
  const saved = editor.article && editedArticle(editor.article);
  const { readOnly } = editor;
  const { setSections, setFirstSection } = useDocumentImport(form, isSubmitted);
  const formRef = useScrollToFirstError(form.formState);
  // On a phone the import sits in the side drawer: once it has filled the sections, close it to show them.
  const side = useSidePanel();
  const importSections = async (sections: Parameters<typeof setSections>[0]) => {
    const done = await setSections(sections);
    if (done) side.setOpened(false);
    return done;
  };
  const importFirstSection = async (body: Parameters<typeof setFirstSection>[0]) => {
    const done = await setFirstSection(body);
    if (done) side.setOpened(false);
    return done;
  };

  const { Scope } = editor;
  const bodyError = (errors.body as { message?: string; root?: { message?: string } } | undefined)?.message;

  const watched = <N extends 'description' | 'imageAlt' | 'imageTitle' | 'canonicalUrl'>(name: N, max: number) =>
    counted(<WatchedCharCount control={control} name={name} max={max} />);

  return (
    <Scope>
      <form
        ref={formRef}
        className={scroll.offsetAlerts}
        noValidate
        aria-label={saved ? 'Update Article' : 'Add Article'}
        onSubmit={(event) => {
          event.preventDefault();
          void editor.commands.run('save');
        }}
      >
        {editor.alerts}
        <EditorColumns
          readOnly={readOnly}
          sideLabel="Cover, SEO & publishing"
          panel={side}
          main={
            <>
              <FormSection label="Article">
                <Stack gap="md">
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="article-type-label">
                      Type
                    </Text>
                    <SegmentedControl
                      aria-labelledby="article-type-label"
                      data={[...WRITTEN_TYPES]}
                      value={type}
                      onChange={(value) => setType(value as WrittenType)}
                      disabled={Boolean(saved)}
                      w={{ base: '100%', xs: 240 }}
                    />
                    {saved && (
                      <Text size="xs" c="dimmed">
                        The type is set when the article is created.
                      </Text>
                    )}
                  </Stack>
                  <TitleField form={form} />
                  <SlugController control={control} follow={!article} />
                  <Textarea
                    label="Short description"
                    autosize
                    minRows={2}
                    maxRows={6}
                    {...watched('description', LIMITS.description)}
                    {...input('description')}
                  />
                </Stack>
              </FormSection>

              <FormSection title="Sections" description="Each section has a sub-headline and its text.">
                {bodyError && (
                  <Text size="sm" c="var(--mantine-color-error)" mb="sm" role="alert" data-field-error>
                    {bodyError}
                  </Text>
                )}
                <Controller
                  control={control}
                  name="body"
                  render={({ field }) => (
                    <SectionsField
                      value={field.value}
                      onChange={field.onChange}
                      errors={sectionErrors(errors)}
                      readOnly={readOnly}
                    />
                  )}
                />
              </FormSection>
            </>
          }
          side={
            <>
              <PublishingSection
                control={control}
                withTime
                dateDescription="A date in the future schedules the article"
                authorName={article?.authorName}
              >
                <TextInput
                  label="Canonical URL"
                  placeholder="https://"
                  type="url"
                  {...watched('canonicalUrl', LIMITS.link)}
                  {...input('canonicalUrl')}
                />
              </PublishingSection>

              <FormSection title="Cover image">
                <Stack gap="md">
                  <CoverImageController
                    control={control}
                    name="image"
                    purpose="cover-image"
                    files={saved?.media}
                    onBusyChange={setCoverBusy}
                    label="Image"
                  />
                  <TextInput label="Alt tag" {...watched('imageAlt', LIMITS.imageAlt)} {...input('imageAlt')} />
                  <TextInput
                    label="Cover image title"
                    {...watched('imageTitle', LIMITS.imageTitle)}
                    {...input('imageTitle')}
                  />
                </Stack>
              </FormSection>

              <FormSection title="Import" description="Fill the sections from a Word document or a PDF.">
                <ImportPanel
                  onSections={importSections}
                  onFirstSection={importFirstSection}
                  disabled={editor.busy || readOnly}
                />
              </FormSection>

              <FormSection title="SEO">
                <SeoController control={control} name="seo" errors={errors.seo} />
              </FormSection>

              {saved && <HistoryPanel articleId={saved._id} />}
            </>
          }
        />

        <WorkflowBar
          {...editor.bar}
          kind="article"
          onPreview={() => void editor.commands.preview()}
          // Only Retract takes a live article down; Save keeps its changes as a draft until Publish.
          show={isLive(editor.status) ? ['save', 'publish', 'retract'] : ['save', 'publish']}
        />
      </form>
    </Scope>
  );
}
