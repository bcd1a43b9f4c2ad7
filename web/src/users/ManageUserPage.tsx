import { Group, Text } from '@mantine/core';
import { IconEdit, IconKey } from '@tabler/icons-react';
import { changeUserRefusal } from '../../../shared/authority';
import type { ScreenProps } from '../app/screen';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { BlockRowAction, blockWords, useBlockToggle } from '../common/list/block-toggle';
import { Dash } from '../common/list/cells';
import { ListPage } from '../common/list/ListPage';
import { useListScreen } from '../common/list/use-list-screen';
import { RowAction } from '../common/RowAction';
import { StatusBadge, WholeBadge } from '../common/StatusBadge';
import { TruncatedText } from '../common/TruncatedText';
import type { CurrentUser } from '../session/types';
import { revalidateUsers, setUserStatus, type UserRow, useUsers } from './api';
import { BulkUpload } from './BulkUpload';

/** What Block and Unblock of a user ask and then say (CONTRACT.md §8). */
const BLOCK_WORDS = blockWords('user', {
  block: (name) => `Block ${name ?? 'this user'}? They are signed out at once and cannot sign in until unblocked.`,
  unblock: (name) => `Unblock ${name ?? 'this user'}? They can sign in again.`,
});

/** CONTRACT.md §2 Manage User: the users, newest first, with Edit, Change Password and Block / Unblock. */
export function ManageUserPage({ title }: ScreenProps) {
  const { paging, viewer, canCreate } = useListScreen('User', 'users');
  const users = useUsers(paging[0]);
  const block = useBlockToggle<UserRow>(BLOCK_WORDS, {
    setStatus: (row, status) => setUserStatus({ _id: row._id, version: row.version, status }),
    revalidate: () => revalidateUsers(),
  });

  const actionsFor = (row: UserRow) => <UserActions row={row} viewer={viewer} onToggle={() => block.ask(row)} />;

  return (
    <ListPage
      title={title}
      actions={canCreate && <BulkUpload />}
      create={canCreate && { label: 'Add User', to: '/user/create' }}
      load={users}
      emptyHint={
        canCreate ? 'Add the first one with Add User, or upload a file of users.' : 'Nobody has been added yet.'
      }
      label="Users"
      minWidth={760}
      rowActions={actionsFor}
      columns={[
        { header: 'Name', miw: 120, render: (row) => <NameCell row={row} self={row._id === viewer?._id} /> },
        {
          header: 'Email',
          fit: true,
          render: (row) => <TruncatedText width={260}>{row.email}</TruncatedText>,
        },
        { header: 'Phone', fit: true, render: (row) => row.phone || <Dash /> },
        { header: 'Role', miw: 90, render: (row) => row.roles.map((role) => role.name).join(', ') || <Dash /> },
        { header: 'Status', fit: true, render: (row) => <StatusBadge status={row.status} /> },
      ]}
      card={{
        title: (row) => <NameCell row={row} self={row._id === viewer?._id} />,
        badge: (row) => <StatusBadge status={row.status} />,
        lines: (row) => (
          <>
            <TruncatedText c="var(--mantine-color-text)">{row.email}</TruncatedText>
            <div>
              {row.phone || '—'} · {row.roles.map((role) => role.name).join(', ') || 'No role'}
            </div>
            <LockedReason row={row} viewer={viewer} />
          </>
        ),
      }}
      paging={paging}
    >
      <ConfirmDialog {...block.dialog} />
    </ListPage>
  );
}

/** Why the viewer may not change this user, written out: a touch screen has no tooltip on greyed-out buttons. */
function LockedReason({ row, viewer }: { row: UserRow; viewer: CurrentUser | null }) {
  const reason = row._id === viewer?._id ? null : changeUserRefusal(viewer ?? {}, row);
  return reason ? (
    <Text size="xs" c="dimmed" mt={4}>
      {reason}
    </Text>
  ) : null;
}

function NameCell({ row, self }: { row: UserRow; self: boolean }) {
  return (
    <Group gap={6} wrap="wrap" miw={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {row.name}
      </Text>
      {row.isSuperAdmin && (
        <WholeBadge size="xs" variant="outline" color="brand">
          Super admin
        </WholeBadge>
      )}
      {self && (
        <WholeBadge size="xs" color="gray">
          You
        </WholeBadge>
      )}
    </Group>
  );
}

interface UserActionsProps {
  row: UserRow;
  viewer: CurrentUser | null;
  onToggle: () => void;
}

/**
 * Edit, Change Password and Block / Unblock for one user. A row the viewer may not change (a super admin, or
 * someone whose roles grant more than the viewer holds) is locked with the API's reason; one's own row leads to
 * the own-account screens and cannot be blocked.
 */
function UserActions({ row, viewer, onToggle }: UserActionsProps) {
  const locked = changeUserRefusal(viewer ?? {}, row);
  const self = row._id === viewer?._id;
  return (
    <>
      <RowAction
        label="Edit"
        icon={<IconEdit size={15} />}
        to={self ? '/profile' : `/user/edit/${row._id}`}
        hint={self ? 'Your own details are changed on your Profile' : undefined}
        disabledReason={locked}
      />
      <RowAction
        label="Change Password"
        icon={<IconKey size={15} />}
        to={self ? '/change-password' : `/user/change-password/${row._id}`}
        disabledReason={locked}
      />
      <BlockRowAction
        blocked={row.status === 'Disable'}
        onClick={onToggle}
        disabledReason={self ? 'You cannot block your own account' : locked}
      />
    </>
  );
}
