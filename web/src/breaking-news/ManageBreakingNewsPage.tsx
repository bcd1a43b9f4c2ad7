import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconEdit, IconEye, IconEyeOff, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import { canAccess } from '../../../shared/permissions';
import { errorMessage } from '../common/errors';
import { CardMessage, ListEmpty, ListLoading, ListRetry, TableMessageRow } from '../common/ListStates';
import { notifyError, notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { Pager } from '../common/Pager';
import { pageCount } from '../common/paging';
import { RowAction } from '../common/RowAction';
import { useIsNarrow } from '../common/use-narrow';
import { usePageParam } from '../common/use-page';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import { type BreakingNews, revalidateBreakingNews, toggleBreakingNews, useBreakingNews } from './api';
import { BreakingNewsModal } from './BreakingNewsModal';

const COLUMNS = 4;

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
  const narrow = useIsNarrow();
  const [page, setPage] = usePageParam();
  const { data, error, isLoading, isValidating, mutate } = useBreakingNews(page);
  const [modalOpen, setModalOpen] = useState(false);
  // Kept while the modal closes, so its title and fields do not switch mid-animation.
  const [target, setTarget] = useState<BreakingNews | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const canCreate = canAccess(viewer, 'BreakingNews', ['Write']);
  const noEdit = canAccess(viewer, 'BreakingNews', ['Edit']) ? null : 'You need the Edit permission on breaking news';
  const pages = pageCount(data?.total ?? 0, SHARED_PAGE_SIZE);

  useEffect(() => {
    if (data && page > pages) setPage(pages, { replace: true });
  }, [data, page, pages, setPage]);

  const rows = data?.list ?? [];
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

  let state: ReactNode = null;
  if (rows.length === 0) {
    if (error) state = <ListRetry onRetry={() => void mutate()} busy={isValidating} />;
    else if (isLoading || !data) state = <ListLoading label="Loading breaking news" />;
    else
      state = (
        <ListEmpty title="No breaking news yet">
          {canCreate ? 'Add a headline with Add Category.' : 'Nobody has added breaking news yet.'}
        </ListEmpty>
      );
  }

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
      {narrow ? (
        <Stack gap="sm" aria-label="Breaking news" role="list">
          {state ? (
            <CardMessage>{state}</CardMessage>
          ) : (
            rows.map((row) => (
              <Paper key={row._id} withBorder radius="md" p="md" role="listitem">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.title}
                  </Text>
                  <NewsStatus status={row.status} />
                </Group>
                <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {row.url || 'No link'}
                </Text>
                <Group gap={4} mt="sm" ml={-8} wrap="wrap">
                  {actionsFor(row)}
                </Group>
              </Paper>
            ))
          )}
        </Stack>
      ) : (
        <Paper withBorder radius="md" p={0}>
          <Table.ScrollContainer type="native" minWidth={680}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Breaking news">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th miw={240}>Headline</Table.Th>
                  <Table.Th miw={160}>URL</Table.Th>
                  <Table.Th miw={96}>Status</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state ? (
                  <TableMessageRow colSpan={COLUMNS}>{state}</TableMessageRow>
                ) : (
                  rows.map((row) => (
                    <Table.Tr key={row._id}>
                      <Table.Td>
                        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {row.title}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {row.url ? (
                          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }} title={row.url}>
                            {row.url}
                          </Text>
                        ) : (
                          dash
                        )}
                      </Table.Td>
                      <Table.Td>
                        <NewsStatus status={row.status} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          {actionsFor(row)}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {data && data.total > 0 && (
        <Pager
          page={Math.min(page, pages)}
          total={data.total}
          onChange={setPage}
          pageSize={SHARED_PAGE_SIZE}
          noun="headlines"
        />
      )}

      <BreakingNewsModal
        opened={modalOpen}
        item={editing}
        onClose={() => setModalOpen(false)}
        reload={() => mutate()}
      />
    </>
  );
}
