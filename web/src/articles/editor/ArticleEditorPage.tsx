import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Navigate, useParams } from 'react-router-dom';
import { type ArticleFields, articleSchemaFor } from '../../../../shared/schemas/article';
import { canEditArticle, isLive } from '../../../../shared/workflow';
import type { ScreenProps } from '../../app/screen';
import { PageHeader } from '../../common/PageHeader';
import { RecordScreen } from '../../common/RecordScreen';
import scroll from '../../common/ScrollMargin.module.css';
import { useScrollToFirstError } from '../../common/use-scroll-to-first-error';
import { useSession } from '../../session/session-context';
import { type ArticleDetail, useArticle } from '../api';
import { CannotEditArticle, EditorColumns, editPathFor, useSidePanel, WorkflowBar } from '../form';
import { editedArticle } from '../safety-net/edited-article';
import { useArticleEditor } from '../safety-net/use-article-editor';
import { ArticleBasicsSection, ArticleBodySection, ArticleSideSections } from './ArticleFormSections';
import {
  type ArticleFormValues,
  emptyArticleForm,
  isWritten,
  toArticleForm,
  toArticleInput,
  type WrittenType,
} from './article-form';
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
  const { isSubmitted } = form.formState;
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
  const formRef = useScrollToFirstError(form.formState);
  const side = useSidePanel();
  const { setSections, setFirstSection } = useDocumentImport(form, isSubmitted);
  // On a phone the import sits in the side drawer: once it has filled the sections, close it to show them.
  const closingDrawer =
    <A,>(apply: (arg: A) => Promise<boolean>) =>
    async (arg: A) => {
      const done = await apply(arg);
      if (done) side.setOpened(false);
      return done;
    };

  const { Scope } = editor;

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
              <ArticleBasicsSection form={form} type={type} onType={setType} saved={Boolean(saved)} isNew={!article} />
              <ArticleBodySection form={form} readOnly={readOnly} />
            </>
          }
          side={
            <ArticleSideSections
              form={form}
              saved={saved}
              authorName={article?.authorName}
              onCoverBusy={setCoverBusy}
              importSections={closingDrawer(setSections)}
              importFirstSection={closingDrawer(setFirstSection)}
              importDisabled={editor.busy || readOnly}
            />
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
