import { Collapse, Group, Switch } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ARTICLE_PAGE_SIZES } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';
import { canAccess } from '../../../shared/permissions';
import {
  ACTION_LABELS,
  articleStatusLabel,
  canEditArticle,
  listActions,
  workflowRoleOf,
} from '../../../shared/workflow';
import type { ScreenProps } from '../app/screen';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { rowFailureText } from '../common/errors';
import { FiltersButton } from '../common/FilterPanel';
import { ListNoMatch } from '../common/ListStates';
import { ListPage } from '../common/list/ListPage';
import { useListPreference } from '../common/list/list-preferences';
import { SortSelect } from '../common/list/SortSelect';
import { useConfirmTarget } from '../common/list/use-confirm-target';
import { NoteField, noteBlock } from '../common/NoteField';
import { notifyRowActionFailed, notifySuccess } from '../common/notify';
import { useRemoveAction } from '../common/trash/use-remove-action';
import { useIsNarrow } from '../common/use-narrow';
import { useNow } from '../common/use-now';
import { usePageParam } from '../common/use-page';
import { useSession } from '../session/session-context';
import { type ArticleRow, changeArticleStatus } from './api';
import { ArticleFilterPanel } from './list/ArticleFilterPanel';
import { ArticleRowActions } from './list/ArticleRowActions';
import { ArticleTabs } from './list/ArticleTabs';
import { ArticleTrashLink } from './list/ArticleTrashLink';
import { AuthorFilter } from './list/AuthorFilter';
import { articleCard, articleColumns } from './list/article-columns';
import {
  ACTION_FAILURE,
  ACTION_SUCCESS,
  CONFIRM_TITLES,
  confirmText,
  isListAction,
  type ListAction,
  REVIEW_NOTE,
} from './list/article-row';
import { articleBulkActions } from './list/bulk-actions';
import { CreateArticleMenu } from './list/CreateArticleMenu';
import { revalidateArticleList, useArticleCounts, useArticleList } from './list/list-api';
import {
  type ArticlePageSize,
  activeFilterCount,
  authorOf,
  EMPTY_FILTERS,
  effectiveOrder,
  isPageSize,
  readListQuery,
  sortOptions,
  sortValue,
  toArticleFilters,
  withAuthor,
  withFilters,
  withMine,
  withPageSize,
  withSort,
  withStatus,
} from './list/list-query';

interface PendingAction {
  row: ArticleRow;
  action: ListAction;
}

/** Why the Sort control is off while a title search is on. */
const SEARCH_ORDER_NOTE = 'Search results are listed newest first';

const DENSITIES = ['comfortable', 'compact'] as const;

/**
 * CONTRACT.md §2 Article list (Blog Management): tabs All / Draft / Published with their counts (and every other status
 * under More), a filter panel, the order, the articles with the row actions of CONTRACT.md §4, bulk actions over the
 * picked rows, and a pager. Tab, filters, order and page live in the URL.
 */
export function ManageArticlePage({ title }: ScreenProps) {
  const { user: viewer } = useSession();
  const [params, setParams] = useSearchParams();
  const paging = usePageParam();
  const narrow = useIsNarrow();
  const query = readListQuery(params);
  const order = effectiveOrder(query);
  const filterCount = activeFilterCount(query);
  // On a phone the panel and the list's controls start folded, so the first story is on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0 && !narrow);
  // Rows per page: the URL's, else the size this user last picked (list-preferences.ts says why in the browser).
  const [storedSize, storeSize] = useListPreference<ArticlePageSize>(
    'articles',
    'pageSize',
    viewer?._id,
    ARTICLE_PAGE_SIZES,
    ARTICLE_PAGE_SIZES[0],
  );
  const pageSize = query.limit ?? storedSize;
  const [density, setDensity] = useListPreference('articles', 'density', viewer?._id, DENSITIES, 'comfortable');
  const compact = density === 'compact';
  const author = authorOf(query, viewer?._id);
  const articles = useArticleList(paging[0], toArticleFilters(query, viewer?._id), pageSize);
  const counts = useArticleCounts(author);
  const now = useNow();
  const confirm = useConfirmTarget<PendingAction>();
  const pending = confirm.target;
  // Reject's note to the author, emptied each time a dialog opens.
  const [note, setNote] = useState('');
  const remove = useRemoveAction(
    'Cms',
    (row: ArticleRow) => row.title,
    (row) => row.user?._id,
  );

  const canCreate = canAccess(viewer, 'Cms', ['Write']);
  const role = workflowRoleOf(viewer);

  const applyFilters = (filters: typeof EMPTY_FILTERS) => setParams((current) => withFilters(current, filters));
  const resetFilters = () => setParams((current) => withFilters(current, EMPTY_FILTERS));
  const pickTab = (status: string) => setParams((current) => withStatus(current, status));
  const pickSort = (value: string) => setParams((current) => withSort(current, value));
  const pickAuthor = (id: string | null) => setParams((current) => withAuthor(current, id));
  const pickMine = (mine: boolean) => setParams((current) => withMine(current, mine));
  const pickPageSize = (size: number) => {
    if (!isPageSize(size)) return;
    storeSize(size);
    setParams((current) => withPageSize(current, size, paging[0], pageSize));
  };
  const resetAll = () => setParams((current) => withMine(withAuthor(withFilters(current, EMPTY_FILTERS), null), false));

  // CONTRACT.md §4's Publish / Approve / Reject: only for people who may move the status (a contributor's Publish
  // resubmits for review, which is the editor screen's business, not a list action).
  const actionsFor = (row: ArticleRow): ListAction[] =>
    role === 'editor' ? listActions(row.status, role).filter(isListAction) : [];

  const runPending = async () => {
    if (!pending) return;
    const { row, action } = pending;
    try {
      const updated = await changeArticleStatus(row, action, action === 'reject' ? note.trim() : undefined);
      notifySuccess(
        ACTION_SUCCESS[action],
        updated?.status === 'Scheduled' ? `Scheduled for ${formatDateTime(updated.publishDate)}` : undefined,
      );
    } catch (failure) {
      notifyRowActionFailed(failure, row.title, ACTION_FAILURE[action]);
    } finally {
      // Reloads the list, the tab counts and the header's Need Review count.
      await revalidateArticleList(row._id);
    }
  };

  // The author, the order and the density: beside the tabs on a wide screen; on a phone inside the folded panel,
  // so the first story shows on the first screen.
  const viewControls = (
    <>
      <AuthorFilter
        author={query.author}
        authorName={articles.data?.list.find((row) => row.user?._id === query.author)?.user?.name}
        mine={query.mine}
        canPickAuthor={
          canAccess(viewer, 'User', ['Read', 'Edit']) || canAccess(viewer, 'Cms', ['Write', 'Edit', 'EditOwn'])
        }
        onAuthor={pickAuthor}
        onMine={pickMine}
      />
      <SortSelect
        value={sortValue(order.sort, order.order)}
        options={sortOptions(query.status, author !== undefined)}
        onChange={pickSort}
        disabledReason={query.search ? SEARCH_ORDER_NOTE : null}
      />
      <Switch
        label="Compact"
        checked={compact}
        onChange={(event) => setDensity(event.currentTarget.checked ? 'compact' : 'comfortable')}
        mb={8}
      />
    </>
  );
  const filtersButton = (
    <FiltersButton
      open={filtersOpen}
      count={filterCount + (author === undefined ? 0 : 1)}
      onToggle={() => setFiltersOpen((open) => !open)}
      controls="article-filters"
    />
  );

  const filters = (
    <>
      <Group
        justify="space-between"
        align="flex-end"
        gap="sm"
        mb={narrow ? 'xs' : 'md'}
        wrap={narrow ? 'nowrap' : 'wrap'}
      >
        <ArticleTabs status={query.status} counts={counts.data} onPick={pickTab} compact={narrow} />
        {narrow ? (
          filtersButton
        ) : (
          <Group gap="sm" align="flex-end" wrap="wrap">
            {viewControls}
            {filtersButton}
          </Group>
        )}
      </Group>

      <Collapse expanded={filtersOpen} id="article-filters">
        {narrow && (
          <Group gap="sm" align="flex-end" wrap="wrap" mb="sm">
            {viewControls}
          </Group>
        )}
        <ArticleFilterPanel
          // A filter change from outside the panel (Back, a link, Reset in the empty state) starts it afresh.
          key={JSON.stringify([query.search, query.from, query.to, query.categories, query.type])}
          applied={query}
          onApply={applyFilters}
          onReset={resetFilters}
        />
      </Collapse>
    </>
  );

  return (
    <ListPage
      title={title}
      actions={
        <>
          <ArticleTrashLink />
          {canCreate && <CreateArticleMenu />}
        </>
      }
      filters={filters}
      load={articles}
      noMatch={
        (filterCount > 0 || author !== undefined) && (
          <ListNoMatch title="No articles match these filters" onReset={resetAll} />
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
          onAction={(target, action) => {
            setNote('');
            confirm.ask({ row: target, action });
          }}
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
      onPageSizeChange={pickPageSize}
      compact={compact}
    >
      <ConfirmDialog
        {...confirm.dialog}
        title={pending ? CONFIRM_TITLES[pending.action] : ''}
        confirmLabel={pending ? ACTION_LABELS[pending.action] : 'OK'}
        danger={pending?.action === 'reject'}
        extra={
          pending?.action === 'reject' ? <NoteField ask={REVIEW_NOTE} value={note} onChange={setNote} /> : undefined
        }
        blocked={pending?.action === 'reject' ? noteBlock(note) : null}
        onConfirm={runPending}
      >
        {pending ? confirmText(pending.action, pending.row, now) : ''}
      </ConfirmDialog>
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
