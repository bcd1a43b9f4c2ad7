import { Collapse, Group, Tabs, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format';
import { canAccess } from '../../../shared/permissions';
import { ACTION_LABELS, canEditArticle, listActions, workflowRoleOf } from '../../../shared/workflow';
import type { ScreenProps } from '../app/screen';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DateCell } from '../common/DateCell';
import { FiltersButton } from '../common/FilterPanel';
import { ListNoMatch } from '../common/ListStates';
import { ListPage } from '../common/list/ListPage';
import { useConfirmTarget } from '../common/list/use-confirm-target';
import { notifyRowActionFailed, notifySuccess } from '../common/notify';
import { useRemoveAction } from '../common/trash/use-remove-action';
import { useNow } from '../common/use-now';
import { usePageParam } from '../common/use-page';
import { useSession } from '../session/session-context';
import { type ArticleRow, changeArticleStatus, revalidateArticles, useArticles } from './api';
import { ArticleFilterPanel } from './list/ArticleFilterPanel';
import { ArticleRowActions } from './list/ArticleRowActions';
import { ArticleStatusBadge } from './list/ArticleStatusBadge';
import { ArticleTrashLink } from './list/ArticleTrashLink';
import {
  ACTION_FAILURE,
  ACTION_SUCCESS,
  CONFIRM_TITLES,
  confirmText,
  isListAction,
  type ListAction,
} from './list/article-row';
import { CreateArticleMenu } from './list/CreateArticleMenu';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  LIST_TABS,
  readListQuery,
  toArticleFilters,
  withFilters,
  withStatus,
} from './list/list-query';

const ALL_TAB = 'all';

interface PendingAction {
  row: ArticleRow;
  action: ListAction;
}

/**
 * SPEC §2 Article list (Blog Management): tabs All / Draft / Published, a filter panel, the articles with the row
 * actions of SPEC §4, and a pager. Tab, filters and page live in the URL.
 */
export function ManageArticlePage({ title }: ScreenProps) {
  const { user: viewer } = useSession();
  const [params, setParams] = useSearchParams();
  const paging = usePageParam();
  const query = readListQuery(params);
  const filterCount = activeFilterCount(query);
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);
  const articles = useArticles(paging[0], toArticleFilters(query));
  const now = useNow();
  const confirm = useConfirmTarget<PendingAction>();
  const pending = confirm.target;
  const remove = useRemoveAction('Cms', (row: ArticleRow) => row.title);

  const canCreate = canAccess(viewer, 'Cms', ['Write']);
  const role = workflowRoleOf(viewer);

  const applyFilters = (filters: typeof EMPTY_FILTERS) => setParams((current) => withFilters(current, filters));
  const resetFilters = () => setParams((current) => withFilters(current, EMPTY_FILTERS));
  const pickTab = (status: string) => setParams((current) => withStatus(current, status));

  // SPEC §4's Publish / Approve / Reject: only for people who may move the status (a contributor's Publish
  // resubmits for review, which is the editor screen's business, not a list action).
  const actionsFor = (row: ArticleRow): ListAction[] =>
    role === 'editor' ? listActions(row.status, role).filter(isListAction) : [];

  const runPending = async () => {
    if (!pending) return;
    const { row, action } = pending;
    try {
      const updated = await changeArticleStatus(row, action);
      notifySuccess(
        ACTION_SUCCESS[action],
        updated?.status === 'Scheduled' ? `Scheduled for ${formatDateTime(updated.publishDate)}` : undefined,
      );
    } catch (failure) {
      notifyRowActionFailed(failure, row.title, ACTION_FAILURE[action]);
    } finally {
      // Reloads the list and the header's Need Review count.
      await revalidateArticles(row._id);
    }
  };

  const standardTab = LIST_TABS.some((tab) => tab.status === query.status);

  const filters = (
    <>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Tabs
          value={query.status || ALL_TAB}
          onChange={(value) => pickTab(!value || value === ALL_TAB ? '' : value)}
          variant="pills"
          radius="md"
          activateTabWithKeyboard={false}
        >
          <Tabs.List aria-label="Articles by status">
            {LIST_TABS.map((tab) => (
              <Tabs.Tab key={tab.label} value={tab.status || ALL_TAB}>
                {tab.label}
              </Tabs.Tab>
            ))}
            {!standardTab && (
              <Tabs.Tab
                value={query.status}
                rightSection={
                  // A shortcut for the mouse; the All tab does the same from the keyboard.
                  <IconX
                    size={14}
                    aria-hidden
                    style={{ cursor: 'pointer' }}
                    onClick={(event) => {
                      event.stopPropagation();
                      pickTab('');
                    }}
                  />
                }
              >
                {query.status}
              </Tabs.Tab>
            )}
          </Tabs.List>
        </Tabs>
        <FiltersButton
          open={filtersOpen}
          count={filterCount}
          onToggle={() => setFiltersOpen((open) => !open)}
          controls="article-filters"
        />
      </Group>

      <Collapse expanded={filtersOpen} id="article-filters">
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
      noMatch={filterCount > 0 && <ListNoMatch title="No articles match these filters" onReset={resetFilters} />}
      emptyTitle={emptyTitle(query.status)}
      emptyHint={emptyHint(query.status, canCreate)}
      label="Articles"
      minWidth={960}
      rowActions={(row) => (
        <ArticleRowActions
          row={row}
          canEdit={canEditArticle(viewer, row)}
          actions={actionsFor(row)}
          onAction={(target, action) => confirm.ask({ row: target, action })}
          onRemove={remove.canRemove ? remove.ask : undefined}
        />
      )}
      columns={[
        {
          header: 'Title',
          miw: 140,
          render: (row) => (
            <>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {row.title || 'Untitled'}
              </Text>
              {row.categories.length > 0 && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {row.categories.map((category) => category.name).join(', ')}
                </Text>
              )}
            </>
          ),
        },
        {
          header: 'Url',
          miw: 110,
          render: (row) => (
            <Tooltip label={row.url} withArrow openDelay={400} disabled={row.url.length < 28}>
              <Text size="xs" ff="monospace" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {row.url}
              </Text>
            </Tooltip>
          ),
        },
        { header: 'Author Name', miw: 90, render: (row) => <Text size="sm">{row.user?.name ?? '—'}</Text> },
        { header: 'Type', render: (row) => <Text size="sm">{row.type}</Text> },
        {
          header: 'Status',
          render: (row) => (
            <ArticleStatusBadge
              status={row.status}
              publishDate={row.publishDate}
              now={now}
              pendingChanges={row.pendingChanges}
            />
          ),
        },
        { header: 'Created', render: (row) => <DateCell iso={row.createdAt} /> },
        { header: 'Updated', render: (row) => <DateCell iso={row.updatedAt} /> },
        { header: 'Publish Date/Time', render: (row) => <DateCell iso={row.publishDate} /> },
      ]}
      card={{
        title: (row) => row.title || 'Untitled',
        badge: (row) => (
          <ArticleStatusBadge
            status={row.status}
            publishDate={row.publishDate}
            now={now}
            align="flex-end"
            pendingChanges={row.pendingChanges}
          />
        ),
        lines: (row) => (
          <>
            <div>
              {row.type} · {row.user?.name ?? 'No author'}
            </div>
            <div style={{ fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 }}>{row.url}</div>
            <div>Created {formatDateTime(row.createdAt)}</div>
            <div>Updated {formatDateTime(row.updatedAt)}</div>
            {row.publishDate && <div>Publishes {formatDateTime(row.publishDate)}</div>}
          </>
        ),
      }}
      paging={paging}
    >
      <ConfirmDialog
        {...confirm.dialog}
        title={pending ? CONFIRM_TITLES[pending.action] : ''}
        confirmLabel={pending ? ACTION_LABELS[pending.action] : 'OK'}
        danger={pending?.action === 'reject'}
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
  return `No articles in ${status}`;
}

function emptyHint(status: string, canCreate: boolean): string {
  if (status === '') return canCreate ? 'Write the first one with Create Blog.' : 'Nobody has written an article yet.';
  if (status === 'Draft') return 'Articles saved without publishing show up here.';
  if (status === 'Publish') return 'Articles show up here once they are published.';
  return 'Nothing is waiting here right now.';
}
