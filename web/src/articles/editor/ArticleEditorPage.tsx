import { zodResolver } from '@hookform/resolvers/zod';
import { Grid, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useMemo, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Navigate, useParams } from 'react-router-dom';
import type { ArticleType } from '../../../../shared/constants';
import {
  type ArticleFields,
  articleSchemaFor,
  type EditorData,
  editorHasContent,
  emptyEditorData,
  type Section,
} from '../../../../shared/schemas/article';
import { canEditArticle } from '../../../../shared/workflow';
import { FormSection } from '../../common/FormSection';
import { PageHeader } from '../../common/PageHeader';
import { RecordScreen } from '../../common/RecordScreen';
import type { ScreenProps } from '../../routes';
import { useSession } from '../../session/session-context';
import { type ArticleDetail, type ArticleInput, useArticle } from '../api';
import { ImportPanel } from './ImportPanel';
import {
  AuthorSelect,
  CannotEditArticle,
  CategoryMultiSelect,
  CoverImageField,
  editPathFor,
  HistoryPanel,
  PublishDateField,
  SectionsField,
  SeoFields,
  seoFormValue,
  useArticleEditor,
  WorkflowBar,
} from './kit';

/** The two types this editor writes (Video, Gallery and Page have their own). */
const WRITTEN_TYPES = ['Article', 'Blog'] as const;
type WrittenType = (typeof WRITTEN_TYPES)[number];
const isWritten = (type: ArticleType): type is WrittenType => (WRITTEN_TYPES as readonly string[]).includes(type);

/** The fields this editor holds, as the API's detail has them. */
export type ArticleFormValues = Pick<
  ArticleDetail,
  | 'title'
  | 'categories'
  | 'user'
  | 'description'
  | 'canonicalUrl'
  | 'seo'
  | 'body'
  | 'image'
  | 'imageAlt'
  | 'imageTitle'
  | 'publishDate'
>;

/** A new article: one empty section (SPEC §9), the writer as author, published now unless changed. */
function emptyForm(author: string): ArticleFormValues {
  const now = new Date();
  now.setSeconds(0, 0);
  return {
    title: '',
    categories: [],
    user: author,
    description: '',
    canonicalUrl: '',
    seo: seoFormValue(undefined),
    body: [{ title: '', body: emptyEditorData() }],
    image: null,
    imageAlt: '',
    imageTitle: '',
    publishDate: now.toISOString(),
  };
}

export function toArticleForm(article: ArticleDetail): ArticleFormValues {
  return {
    title: article.title ?? '',
    categories: article.categories ?? [],
    user: article.user ?? '',
    description: article.description ?? '',
    canonicalUrl: article.canonicalUrl ?? '',
    seo: seoFormValue(article.seo),
    body: article.body?.length ? article.body : [{ title: '', body: emptyEditorData() }],
    image: article.image ?? null,
    imageAlt: article.imageAlt ?? '',
    imageTitle: article.imageTitle ?? '',
    publishDate: article.publishDate ?? null,
  };
}

/** The validated values as the API's fields (SPEC keeps the keywords in seo.metaTags[0].content). */
function toInput(values: ArticleFields): ArticleInput {
  return {
    title: values.title,
    categories: values.categories,
    user: values.user,
    description: values.description ?? '',
    canonicalUrl: values.canonicalUrl ?? '',
    seo: seoFormValue(values.seo),
    body: values.body,
    image: values.image ?? null,
    imageAlt: values.imageAlt ?? '',
    imageTitle: values.imageTitle ?? '',
    publishDate: values.publishDate,
  };
}

/** SPEC §2 Add Article. */
export function CreateArticlePage({ title, backTo }: ScreenProps) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <ArticleForm />
    </>
  );
}

/** SPEC §2 Update Article: loads the article first; a Video, Gallery or Page goes to its own editor. */
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

/** Asks before an import overwrites what was written; true to go ahead. */
function confirmReplace(title: string, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: 'Replace', cancel: 'Keep mine' },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** The messages of the sections' content, one per section. */
function sectionErrors(errors: FieldErrors<ArticleFormValues>): (string | undefined)[] {
  const body = errors.body;
  if (!Array.isArray(body)) return [];
  return body.map((section) => (section as { body?: { message?: string } } | undefined)?.body?.message);
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
    defaultValues: article ? toArticleForm(article) : emptyForm(user?._id ?? ''),
  });
  const {
    control,
    register,
    formState: { errors, isSubmitted },
  } = form;
  const [coverBusy, setCoverBusy] = useState(false);

  const editor = useArticleEditor({
    type,
    article,
    form,
    toInput,
    toForm: toArticleForm,
    uploading: coverBusy,
  });
  const saved = editor.article;

  const setSections = useCallback(
    async (sections: Section[]) => {
      const written = form.getValues('body').some((s) => editorHasContent(s.body) || s.title);
      if (
        written &&
        !(await confirmReplace(
          'Replace the sections?',
          'The imported document replaces every section you have written so far.',
        ))
      ) {
        return false;
      }
      form.setValue('body', sections, { shouldDirty: true, shouldValidate: isSubmitted });
      return true;
    },
    [form, isSubmitted],
  );
  const setFirstSection = useCallback(
    async (body: EditorData) => {
      const [first, ...rest] = form.getValues('body');
      if (
        first &&
        editorHasContent(first.body) &&
        !(await confirmReplace(
          'Replace the first section?',
          'The PDF’s text replaces what the first section holds now.',
        ))
      ) {
        return false;
      }
      form.setValue('body', [{ title: first?.title ?? '', body }, ...rest], {
        shouldDirty: true,
        shouldValidate: isSubmitted,
      });
      return true;
    },
    [form, isSubmitted],
  );

  const { Scope } = editor;
  const bodyError = (errors.body as { message?: string; root?: { message?: string } } | undefined)?.message;

  return (
    <Scope>
      <form
        noValidate
        aria-label={saved ? 'Update Article' : 'Add Article'}
        onSubmit={(event) => {
          event.preventDefault();
          void editor.run('save');
        }}
      >
        {editor.alerts}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              <FormSection title="Article">
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
                  <TextInput label="Title" withAsterisk error={errors.title?.message} {...register('title')} />
                  <Textarea
                    label="Short description"
                    autosize
                    minRows={2}
                    maxRows={6}
                    error={errors.description?.message}
                    {...register('description')}
                  />
                </Stack>
              </FormSection>

              <FormSection title="Cover image">
                <Stack gap="md">
                  <Controller
                    control={control}
                    name="image"
                    render={({ field }) => (
                      <CoverImageField
                        purpose="cover-image"
                        value={field.value}
                        media={field.value ? saved?.media?.[field.value] : undefined}
                        onChange={(id) => field.onChange(id)}
                        onBusyChange={setCoverBusy}
                        error={errors.image?.message}
                        label="Image"
                      />
                    )}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput label="Alt tag" error={errors.imageAlt?.message} {...register('imageAlt')} />
                    <TextInput
                      label="Cover image title"
                      error={errors.imageTitle?.message}
                      {...register('imageTitle')}
                    />
                  </SimpleGrid>
                </Stack>
              </FormSection>

              <FormSection title="Import" description="Fill the sections from a Word document or a PDF.">
                <ImportPanel onSections={setSections} onFirstSection={setFirstSection} disabled={editor.busy} />
              </FormSection>

              <FormSection title="Sections" description="Each section has a sub-headline and its text.">
                {bodyError && (
                  <Text size="sm" c="red.8" mb="sm" role="alert">
                    {bodyError}
                  </Text>
                )}
                <Controller
                  control={control}
                  name="body"
                  render={({ field }) => (
                    <SectionsField value={field.value} onChange={field.onChange} errors={sectionErrors(errors)} />
                  )}
                />
              </FormSection>

              <FormSection title="SEO">
                <Controller
                  control={control}
                  name="seo"
                  render={({ field }) => (
                    <SeoFields
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      errors={errors.seo}
                    />
                  )}
                />
              </FormSection>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">
              <FormSection title="Publishing">
                <Stack gap="md">
                  <Controller
                    control={control}
                    name="publishDate"
                    render={({ field }) => (
                      <PublishDateField
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        required
                        withTime
                        description="A date in the future schedules the article"
                        error={errors.publishDate?.message}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name="user"
                    render={({ field }) => (
                      <AuthorSelect
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        currentName={article?.authorName}
                        error={errors.user?.message}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name="categories"
                    render={({ field }) => (
                      <CategoryMultiSelect
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        required
                        error={errors.categories?.message}
                      />
                    )}
                  />
                  <TextInput
                    label="Canonical URL"
                    placeholder="https://"
                    type="url"
                    error={errors.canonicalUrl?.message}
                    {...register('canonicalUrl')}
                  />
                </Stack>
              </FormSection>

              {saved && <HistoryPanel articleId={saved._id} />}
            </Stack>
          </Grid.Col>
        </Grid>

        <WorkflowBar
          status={editor.status}
          kind="article"
          busy={editor.busy}
          pending={editor.pending}
          onAction={(action) => void editor.run(action)}
          onCancel={editor.cancel}
          onPreview={() => void editor.preview()}
          show={['save', 'publish']}
        />
      </form>
    </Scope>
  );
}
