import { useState } from 'react';
import { ARTICLE_PAGE_SIZES } from '../../../shared/constants';
import { ARTICLE_RESOURCE, canAccess } from '../../../shared/permissions';
import { articleStatusLabel, canEditArticle, listActions, workflowRoleOf } from '../../../shared/workflow';
import type { ScreenProps } from '../app/screen';
import { rowFailureText } from '../common/errors';
import { ListNoMatch } from '../common/ListStates';
import { ListPage } from '../common/list/ListPage';
import { useRemoveAction } from '../common/trash/use-remove-action';
import { useIsNarrow } from '../common/use-narrow';
import { useNow } from '../common/use-now';
import type { ArticleRow } from './api';
import { ArticleListFilters } from './list/ArticleListFilters';
import { ArticleRowActions } from './list/ArticleRowActions';
import { ArticleStatusDialog, useArticleStatusAction } from './list/ArticleStatusDialog';
import { ArticleTrashLink } from './list/ArticleTrashLink';
import { articleCard, articleColumns } from './list/article-columns';
import { isListAction, type ListAction } from './list/article-row';
import { articleBulkActions } from './list/bulk-actions';
import { CreateArticleMenu } from './list/CreateArticleMenu';
import { revalidateArticleList } from './list/list-api';
import { useArticleListView } from './list/use-article-list-view';

/**
 * CONTRACT.md §2 Article list (Blog Management): tabs All / Draft / Published with their counts (and every other status
 * under More), a filter panel, the order, the articles with the row actions of CONTRACT.md §4, bulk actions over the
 * picked rows, and a pager. Tab, filters, order and page live in the URL.
 */
export function ManageArticlePage({ title }: ScreenProps) {
  const view = useArticleListView();
  const { viewer, query, order, filterCount, author, articles, compact, paging, pageSize } = view;
  const narrow = useIsNarrow();
  // On a phone the panel and the list's controls start folded, so the first story is on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0 && !narrow);
  const now = useNow();
  const status = useArticleStatusAction();
  const remove = useRemoveAction(
    ARTICLE_RESOURCE,
    (row: ArticleRow) => row.title,
    (row) => row.user?._id,
  );

  const canCreate = canAccess(viewer, ARTICLE_RESOURCE, ['Write']);
  const role = workflowRoleOf(viewer);

  // CONTRACT.md §4's Publish / Approve / Reject: only for people who may move the status (a contributor's Publish
  // resubmits for review, which is the editor screen's business, not a list action).
  const actionsFor = (row: ArticleRow): ListAction[] =>
    role === 'editor' ? listActions(row.status, role).filter(isListAction) : [];

  return (
    <ListPage
      title={title}
      actions={
        <>
          <ArticleTrashLink />
          {canCreate && <CreateArticleMenu />}
        </>
      }
      filters={
        <ArticleListFilters
          view={view}
          narrow={narrow}
          filtersOpen={filtersOpen}
          onToggleFilters={() => setFiltersOpen((open) => !open)}
        />
      }
      load={articles}
      noMatch={
        (filterCount > 0 || author !== undefined) && (
          <ListNoMatch title="No articles match these filters" onReset={view.resetAll} />
        )
      }
      emptyTitle={emptyTitle(query.status)}
      emptyHint={emptyHint(query.status, canCreate)}
      label="Articles"
      minWidth={900}
      rowActions={(row) => (
        <ArticleRowActions
          row={row}
          canEdit={canEditArticle(viewer, row)}
          actions={actionsFor(row)}
          onAction={status.ask}
          onRemove={remove.mayRemove(row) ? remove.ask : undefined}
          compact={compact}
        />
      )}
      columns={articleColumns(now, order.sort, compact)}
      card={articleCard(now, order.sort, compact)}
      bulk={{
        actions: articleBulkActions(role, remove.canRemove, remove.mayRemove),
        nameOf: (row) => row.title || 'Untitled',
        noun: { one: 'article', many: 'articles' },
        describeFailure: rowFailureText,
        onSettled: () => revalidateArticleList(),
      }}
      paging={paging}
      pageSize={pageSize}
      pageSizes={ARTICLE_PAGE_SIZES}
      onPageSizeChange={view.pickPageSize}
      compact={compact}
    >
      <ArticleStatusDialog {...status.dialog} now={now} />
      {remove.dialog}
    </ListPage>
  );
}

function emptyTitle(status: string): string {
  if (status === '') return 'No articles yet';
  if (status === 'Draft') return 'No drafts';
  if (status === 'Publish') return 'Nothing published yet';
  return `No articles in ${articleStatusLabel(status)}`;
}

function emptyHint(status: string, canCreate: boolean): string {
  if (status === '') return canCreate ? 'Write the first one with Create Blog.' : 'Nobody has written an article yet.';
  if (status === 'Draft') return 'Articles saved without publishing show up here.';
  if (status === 'Publish') return 'Articles show up here once they are published.';
  return 'Nothing is waiting here right now.';
}
