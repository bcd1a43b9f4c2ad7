import { IconReportAnalytics } from '@tabler/icons-react';
import { SHARED_PAGE_SIZE } from '../../../shared/constants';
import { canAccess } from '../../../shared/permissions';
import type { ScreenProps } from '../app/screen';
import { Dash, NameText } from '../common/list/cells';
import { ListPage } from '../common/list/ListPage';
import { useListScreen } from '../common/list/use-list-screen';
import { EditRowAction, RowAction } from '../common/RowAction';
import { TruncatedText } from '../common/TruncatedText';
import { TrashLink } from '../common/trash/TrashLink';
import { useRemoveAction } from '../common/trash/use-remove-action';
import { type Client, useClients } from './api';

/** CONTRACT.md §2 Client Management: Add Client, a table of Name, Email and Mobile with Edit, and a pager. */
export function ManageClientPage({ title }: ScreenProps) {
  const { viewer, paging, canCreate, noEdit } = useListScreen('Client', 'clients', ['Edit', 'EditOwn']);
  // The report is about the client's ads: only those who may read ads see it.
  const canReport = canAccess(viewer, 'Advertisement', ['Read']);
  const clients = useClients(paging[0]);
  const remove = useRemoveAction('Client', (client: Client) => client.name);

  const rowActions = (client: Client) => (
    <>
      <EditRowAction name={client.name} to={`/client/edit/${client._id}`} disabledReason={noEdit} />
      {canReport && (
        <RowAction
          label="Report"
          icon={<IconReportAnalytics size={15} />}
          to={`/client/report/${client._id}`}
          ariaLabel={`Report for ${client.name}`}
        />
      )}
      {remove.action(client)}
    </>
  );

  return (
    <ListPage
      title={title}
      actions={<TrashLink resource="Client" listPath="/client" />}
      create={canCreate && { label: 'Add Client', to: '/client/create' }}
      load={clients}
      emptyHint={canCreate ? 'Add the first one with Add Client.' : 'Nobody has added a client yet.'}
      label="Clients"
      minWidth={600}
      rowActions={rowActions}
      columns={[
        { header: 'Name', miw: 160, render: (client) => <NameText>{client.name}</NameText> },
        {
          header: 'Email',
          fit: true,
          render: (client) => (client.email ? <TruncatedText width={280}>{client.email}</TruncatedText> : <Dash />),
        },
        { header: 'Mobile', fit: true, render: (client) => client.mobile || <Dash /> },
      ]}
      card={{
        title: (client) => client.name,
        lines: (client) => (
          <>
            {client.email ? <TruncatedText>{client.email}</TruncatedText> : <div>—</div>}
            <div>{client.mobile || '—'}</div>
          </>
        ),
      }}
      paging={paging}
      pageSize={SHARED_PAGE_SIZE}
    >
      {remove.dialog}
    </ListPage>
  );
}
