import { Button, Text } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import { canAccess } from '../../../shared/permissions';
import { ListEmpty, listStateMessage } from '../common/ListStates';
import { PageHeader } from '../common/PageHeader';
import { Pager } from '../common/Pager';
import { RecordList } from '../common/RecordList';
import { RowAction } from '../common/RowAction';
import { usePageParam } from '../common/use-page';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import { type Client, useClients } from './api';

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/** SPEC §2 Client Management: Add Client, a table of Name, Email and Mobile with Edit, and a pager. */
export function ManageClientPage({ title }: ScreenProps) {
  const { user: viewer } = useSession();
  const [page, setPage] = usePageParam();
  const clients = useClients(page);
  const canCreate = canAccess(viewer, 'Client', ['Write']);
  const noEdit = canAccess(viewer, 'Client', ['Edit', 'EditOwn']) ? null : 'You need the Edit permission on clients';

  const editAction = (client: Client) => (
    <RowAction label="Edit" icon={<IconEdit size={15} />} to={`/client/edit/${client._id}`} disabledReason={noEdit} />
  );

  const state = listStateMessage(
    clients,
    'Loading clients',
    <ListEmpty title="No clients yet">
      {canCreate ? 'Add the first one with Add Client.' : 'Nobody has added a client yet.'}
    </ListEmpty>,
  );

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
      <RecordList
        label="Clients"
        rows={clients.data?.list ?? []}
        state={state}
        minWidth={600}
        actions={editAction}
        columns={[
          {
            header: 'Name',
            miw: 160,
            render: (client) => (
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {client.name}
              </Text>
            ),
          },
          { header: 'Email', miw: 200, style: { overflowWrap: 'anywhere' }, render: (client) => client.email || dash },
          { header: 'Mobile', miw: 120, style: { whiteSpace: 'nowrap' }, render: (client) => client.mobile || dash },
        ]}
        card={{
          title: (client) => client.name,
          lines: (client) => (
            <>
              <div>{client.email || '—'}</div>
              <div>{client.mobile || '—'}</div>
            </>
          ),
        }}
      />
      <Pager page={page} total={clients.data?.total} onChange={setPage} pageSize={SHARED_PAGE_SIZE} noun="clients" />
    </>
  );
}
