import { Badge, Button, Text } from '@mantine/core';
import { IconEdit, IconEye, IconEyeOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import { canAccess } from '../../../shared/permissions';
import { errorMessage } from '../common/errors';
import { ListEmpty, listStateMessage } from '../common/ListStates';
import { notifyError, notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { Pager } from '../common/Pager';
import { RecordList } from '../common/RecordList';
import { RowAction } from '../common/RowAction';
import { usePageParam } from '../common/use-page';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import { type BreakingNews, revalidateBreakingNews, toggleBreakingNews, useBreakingNews } from './api';
import { BreakingNewsModal } from './BreakingNewsModal';

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

function NewsStatus({ status }: { status: BreakingNews['status'] }) {
  return (
    <Badge color={status === 'Enable' ? 'green' : 'gray'} variant="light" miw="fit-content">
      {status}
    </Badge>
  );
}

/**
 * SPEC §2 Breaking news management (titled 'Manage Category', sic): headline, URL and status, Add (modal
 * 'Add Breaking news'), Edit (modal 'Edit Category') and the Inactive / Active toggle.
 */
export function ManageBreakingNewsPage({ title }: ScreenProps) {
  const { user: viewer } = useSession();
  const [page, setPage] = usePageParam();
  const news = useBreakingNews(page);
  const [modalOpen, setModalOpen] = useState(false);
  // Kept while the modal closes, so its title and fields do not switch mid-animation.
  const [target, setTarget] = useState<BreakingNews | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const canCreate = canAccess(viewer, 'BreakingNews', ['Write']);
  const noEdit = canAccess(viewer, 'BreakingNews', ['Edit']) ? null : 'You need the Edit permission on breaking news';

  const rows = news.data?.list ?? [];
  // The item as last read (a Reload after a conflict brings its new version), else as it was opened.
  const editing = target ? (rows.find((row) => row._id === target._id) ?? target) : undefined;

  const openAdd = () => {
    setTarget(null);
    setModalOpen(true);
  };
  const openEdit = (row: BreakingNews) => {
    setTarget(row);
    setModalOpen(true);
  };

  const toggle = async (row: BreakingNews) => {
    setToggling(row._id);
    try {
      await toggleBreakingNews(row);
      notifySuccess('Breaking News updated Successfully');
    } catch (failure) {
      notifyError(errorMessage(failure), 'Could not change the status');
    } finally {
      await revalidateBreakingNews();
      setToggling(null);
    }
  };

  const actionsFor = (row: BreakingNews) => {
    const enabled = row.status === 'Enable';
    return (
      <>
        <RowAction label="Edit" icon={<IconEdit size={15} />} onClick={() => openEdit(row)} disabledReason={noEdit} />
        {/* SPEC §4: the label names the status the click gives. */}
        <RowAction
          label={enabled ? 'Inactive' : 'Active'}
          icon={enabled ? <IconEyeOff size={15} /> : <IconEye size={15} />}
          color={enabled ? 'red' : 'green'}
          hint={enabled ? 'Take this headline off the site' : 'Show this headline on the site'}
          onClick={() => void toggle(row)}
          disabledReason={toggling === row._id ? 'Saving…' : noEdit}
        />
      </>
    );
  };

  const state = listStateMessage(
    news,
    'Loading breaking news',
    <ListEmpty title="No breaking news yet">
      {canCreate ? 'Add a headline with Add Category.' : 'Nobody has added breaking news yet.'}
    </ListEmpty>,
  );

  return (
    <>
      <PageHeader
        title={title}
        description="Breaking news headlines shown on the site"
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={18} />} onClick={openAdd}>
              Add Category
            </Button>
          )
        }
      />
      <RecordList
        label="Breaking news"
        rows={rows}
        state={state}
        minWidth={680}
        actions={actionsFor}
        columns={[
          {
            header: 'Headline',
            miw: 240,
            render: (row) => (
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {row.title}
              </Text>
            ),
          },
          {
            header: 'URL',
            miw: 160,
            render: (row) =>
              row.url ? (
                <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }} title={row.url}>
                  {row.url}
                </Text>
              ) : (
                dash
              ),
          },
          { header: 'Status', miw: 96, render: (row) => <NewsStatus status={row.status} /> },
        ]}
        card={{
          title: (row) => row.title,
          badge: (row) => <NewsStatus status={row.status} />,
          lines: (row) => row.url || 'No link',
        }}
      />
      <Pager page={page} total={news.data?.total} onChange={setPage} pageSize={SHARED_PAGE_SIZE} noun="headlines" />

      <BreakingNewsModal
        opened={modalOpen}
        item={editing}
        onClose={() => setModalOpen(false)}
        reload={() => news.mutate()}
      />
    </>
  );
}
