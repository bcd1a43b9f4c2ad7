import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import type { ScreenProps } from '../app/screen';
import { rowFailureText } from '../common/errors';
import { Dash, NameText } from '../common/list/cells';
import { ListPage } from '../common/list/ListPage';
import { runRowAction } from '../common/list/row-action';
import { useEditModal } from '../common/list/use-edit-modal';
import { useListScreen } from '../common/list/use-list-screen';
import { EditRowAction, RowAction } from '../common/RowAction';
import { WholeBadge } from '../common/StatusBadge';
import { TruncatedText } from '../common/TruncatedText';
import { useBulkRemove } from '../common/trash/bulk-remove';
import { TrashLink } from '../common/trash/TrashLink';
import { revalidateRemovable } from '../common/trash/trash-api';
import { useRemoveAction } from '../common/trash/use-remove-action';
import { type BreakingNews, revalidateBreakingNews, toggleBreakingNews, useBreakingNews } from './api';
import { BreakingNewsModal } from './BreakingNewsModal';

function NewsStatus({ status }: { status: BreakingNews['status'] }) {
  return <WholeBadge color={status === 'Enable' ? 'green' : 'gray'}>{status}</WholeBadge>;
}

/**
 * CONTRACT.md §2 Breaking news management (titled 'Manage Category', sic): headline, URL and status, Add (modal
 * 'Add Breaking news'), Edit (modal 'Edit Category') and the Inactive / Active toggle.
 */
export function ManageBreakingNewsPage({ title }: ScreenProps) {
  const { paging, canCreate, noEdit } = useListScreen('BreakingNews', 'breaking news');
  const news = useBreakingNews(paging[0]);
  const modal = useEditModal<BreakingNews>();
  const target = modal.target;
  const [toggling, setToggling] = useState<string | null>(null);
  const remove = useRemoveAction('BreakingNews', (row: BreakingNews) => row.title);
  const bulkRemove = useBulkRemove<BreakingNews>('BreakingNews');

  const rows = news.data?.list ?? [];
  // The item as last read (a Reload after a conflict brings its new version), else as it was opened.
  const editing = target ? (rows.find((row) => row._id === target._id) ?? target) : undefined;

  const toggle = async (row: BreakingNews) => {
    setToggling(row._id);
    await runRowAction({
      run: () => toggleBreakingNews(row),
      done: 'Breaking News updated Successfully',
      failed: 'Could not change the status',
      revalidate: revalidateBreakingNews,
    });
    setToggling(null);
  };

  const actionsFor = (row: BreakingNews) => {
    const enabled = row.status === 'Enable';
    return (
      <>
        <EditRowAction onClick={() => modal.openEdit(row)} disabledReason={noEdit} />
        {/* CONTRACT.md §4: the label names the status the click gives. */}
        <RowAction
          label={enabled ? 'Inactive' : 'Active'}
          icon={enabled ? <IconEyeOff size={15} /> : <IconEye size={15} />}
          color={enabled ? 'red' : 'green'}
          hint={enabled ? 'Take this headline off the site' : 'Show this headline on the site'}
          onClick={() => void toggle(row)}
          disabledReason={toggling === row._id ? 'Saving…' : noEdit}
        />
        {remove.action(row)}
      </>
    );
  };

  return (
    <ListPage
      title={title}
      description="Breaking news headlines shown on the site"
      actions={<TrashLink resource="BreakingNews" listPath="/breraking-news" />}
      create={canCreate && { label: 'Add Category', onClick: modal.openAdd }}
      load={news}
      emptyHint={canCreate ? 'Add a headline with Add Category.' : 'Nobody has added breaking news yet.'}
      label="Breaking news"
      minWidth={680}
      rowActions={actionsFor}
      columns={[
        { header: 'Headline', miw: 240, render: (row) => <NameText>{row.title}</NameText> },
        {
          header: 'URL',
          fit: true,
          render: (row) =>
            row.url ? (
              <TruncatedText c="dimmed" width={300}>
                {row.url}
              </TruncatedText>
            ) : (
              <Dash />
            ),
        },
        { header: 'Status', fit: true, render: (row) => <NewsStatus status={row.status} /> },
      ]}
      card={{
        title: (row) => row.title,
        badge: (row) => <NewsStatus status={row.status} />,
        lines: (row) => (row.url ? <TruncatedText c="dimmed">{row.url}</TruncatedText> : 'No link'),
      }}
      bulk={{
        actions: bulkRemove,
        nameOf: (row) => row.title,
        noun: { one: 'headline', many: 'headlines' },
        describeFailure: rowFailureText,
        onSettled: () => revalidateRemovable('BreakingNews'),
      }}
      paging={paging}
      pageSize={SHARED_PAGE_SIZE}
      noun="headlines"
    >
      <BreakingNewsModal opened={modal.opened} item={editing} onClose={modal.close} reload={() => news.mutate()} />
      {remove.dialog}
    </ListPage>
  );
}
