import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import { canAccess } from '../../../shared/permissions';
import { CardMessage, ListEmpty, ListLoading, ListRetry, TableMessageRow } from '../common/ListStates';
import { PageHeader } from '../common/PageHeader';
import { Pager } from '../common/Pager';
import { pageCount } from '../common/paging';
import { RowAction } from '../common/RowAction';
import { useIsNarrow } from '../common/use-narrow';
import { usePageParam } from '../common/use-page';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import { type Client, useClients } from './api';

const COLUMNS = 4;

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/** SPEC §2 Client Management: Add Client, a table of Name, Email and Mobile with Edit, and a pager. */
export function ManageClientPage({ title }: ScreenProps) {
  const { user: viewer } = useSession();
  const narrow = useIsNarrow();
  const [page, setPage] = usePageParam();
  const { data, error, isLoading, isValidating, mutate } = useClients(page);
  const canCreate = canAccess(viewer, 'Client', ['Write']);
  const noEdit = canAccess(viewer, 'Client', ['Edit', 'EditOwn']) ? null : 'You need the Edit permission on clients';
  const pages = pageCount(data?.total ?? 0, SHARED_PAGE_SIZE);

  // A page past the end falls back to the last page.
  useEffect(() => {
    if (data && page > pages) setPage(pages, { replace: true });
  }, [data, page, pages, setPage]);

  const editAction = (client: Client) => (
    <RowAction label="Edit" icon={<IconEdit size={15} />} to={`/client/edit/${client._id}`} disabledReason={noEdit} />
  );

  const rows = data?.list ?? [];
  let state: ReactNode = null;
  if (rows.length === 0) {
    if (error) state = <ListRetry onRetry={() => void mutate()} busy={isValidating} />;
    else if (isLoading || !data) state = <ListLoading label="Loading clients" />;
    else
      state = (
        <ListEmpty title="No clients yet">
          {canCreate ? 'Add the first one with Add Client.' : 'Nobody has added a client yet.'}
        </ListEmpty>
      );
  }

  return (
    <>
      <PageHeader
        title={title}
        actions={
          canCreate && (
            <Button component={Link} to="/client/create" leftSection={<IconPlus size={18} />}>
              Add Client
            </Button>
          )
        }
      />
      {narrow ? (
        <Stack gap="sm" aria-label="Clients" role="list">
          {state ? (
            <CardMessage>{state}</CardMessage>
          ) : (
            rows.map((client) => (
              <Paper key={client._id} withBorder radius="md" p="md" role="listitem">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {client.name}
                </Text>
                <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {client.email || '—'}
                </Text>
                <Text size="sm" c="dimmed">
                  {client.mobile || '—'}
                </Text>
                <Group gap={4} mt="sm" ml={-8}>
                  {editAction(client)}
                </Group>
              </Paper>
            ))
          )}
        </Stack>
      ) : (
        <Paper withBorder radius="md" p={0}>
          <Table.ScrollContainer type="native" minWidth={600}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Clients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th miw={160}>Name</Table.Th>
                  <Table.Th miw={200}>Email</Table.Th>
                  <Table.Th miw={120}>Mobile</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state ? (
                  <TableMessageRow colSpan={COLUMNS}>{state}</TableMessageRow>
                ) : (
                  rows.map((client) => (
                    <Table.Tr key={client._id}>
                      <Table.Td>
                        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {client.name}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{client.email || dash}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{client.mobile || dash}</Table.Td>
                      <Table.Td>
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          {editAction(client)}
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
          noun="clients"
        />
      )}
    </>
  );
}
