import { Badge, Button, Group, Text } from '@mantine/core';
import { IconEdit, IconKey, IconLock, IconLockOpen, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { canAccess } from '../../../shared/permissions';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { errorMessage } from '../common/errors';
import { ListEmpty, listStateMessage } from '../common/ListStates';
import { notifyError, notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { Pager } from '../common/Pager';
import { RecordList } from '../common/RecordList';
import { RowAction } from '../common/RowAction';
import { StatusBadge } from '../common/StatusBadge';
import { usePageParam } from '../common/use-page';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import type { CurrentUser } from '../session/types';
import { revalidateUsers, setUserStatus, type UserRow, useUsers } from './api';
import { BulkUpload } from './BulkUpload';

const SUPER_ADMIN_ONLY = 'Only a super admin can change a super admin';

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/** SPEC §2 Manage User: the users, newest first, with Edit, Change Password and Block / Unblock. */
export function ManageUserPage({ title }: ScreenProps) {
  const { user: viewer } = useSession();
  const [page, setPage] = usePageParam();
  const users = useUsers(page);
  const [target, setTarget] = useState<UserRow | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const canCreate = canAccess(viewer, 'User', ['Write']);

  const toggle = async () => {
    if (!target) return;
    const status = target.status === 'Disable' ? 'Enable' : 'Disable';
    try {
      await setUserStatus({ _id: target._id, version: target.version, status });
      notifySuccess(status === 'Disable' ? 'User Blocked Successfully' : 'User Unblocked Successfully');
    } catch (failure) {
      notifyError(
        errorMessage(failure),
        status === 'Disable' ? 'Could not block the user' : 'Could not unblock the user',
      );
    } finally {
      await revalidateUsers();
    }
  };

  const actionsFor = (row: UserRow) => (
    <UserActions
      row={row}
      viewer={viewer}
      onToggle={() => {
        setTarget(row);
        setConfirmOpen(true);
      }}
    />
  );

  const state = listStateMessage(
    users,
    'Loading users',
    <ListEmpty title="No users yet">
      {canCreate ? 'Add the first one with Add User, or upload a file of users.' : 'Nobody has been added yet.'}
    </ListEmpty>,
  );

  const blocking = target?.status !== 'Disable';

  return (
    <>
      <PageHeader
        title={title}
        actions={
          canCreate && (
            <>
              <BulkUpload />
              <Button component={Link} to="/user/create" leftSection={<IconPlus size={18} />}>
                Add User
              </Button>
            </>
          )
        }
      />

      <RecordList
        label="Users"
        rows={users.data?.list ?? []}
        state={state}
        minWidth={760}
        actions={actionsFor}
        columns={[
          { header: 'Name', miw: 120, render: (row) => <NameCell row={row} self={row._id === viewer?._id} /> },
          { header: 'Email', miw: 140, style: { overflowWrap: 'anywhere' }, render: (row) => row.email },
          { header: 'Phone', style: { whiteSpace: 'nowrap' }, render: (row) => row.phone || dash },
          { header: 'Role', miw: 90, render: (row) => row.roles.map((role) => role.name).join(', ') || dash },
          { header: 'Status', miw: 90, render: (row) => <StatusBadge status={row.status} /> },
        ]}
        card={{
          title: (row) => <NameCell row={row} self={row._id === viewer?._id} />,
          badge: (row) => <StatusBadge status={row.status} />,
          lines: (row) => (
            <>
              <Text size="sm" c="var(--mantine-color-text)" component="div">
                {row.email}
              </Text>
              <div>
                {row.phone || '—'} · {row.roles.map((role) => role.name).join(', ') || 'No role'}
              </div>
            </>
          ),
        }}
      />
      <Pager page={page} total={users.data?.total} onChange={setPage} noun="users" />

      <ConfirmDialog
        opened={confirmOpen}
        title={blocking ? 'Block user' : 'Unblock user'}
        confirmLabel={blocking ? 'Block' : 'Unblock'}
        danger={blocking}
        onConfirm={toggle}
        onClose={() => setConfirmOpen(false)}
      >
        {blocking
          ? `Block ${target?.name ?? 'this user'}? They are signed out at once and cannot sign in until unblocked.`
          : `Unblock ${target?.name ?? 'this user'}? They can sign in again.`}
      </ConfirmDialog>
    </>
  );
}

function NameCell({ row, self }: { row: UserRow; self: boolean }) {
  return (
    <Group gap={6} wrap="wrap" miw={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {row.name}
      </Text>
      {row.isSuperAdmin && (
        <Badge size="xs" variant="outline" color="brand">
          Super admin
        </Badge>
      )}
      {self && (
        <Badge size="xs" variant="light" color="gray">
          You
        </Badge>
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
 * Edit, Change Password and Block / Unblock for one user. A super admin's row is locked for everyone else
 * (the API would refuse); one's own row leads to the own-account screens and cannot be blocked.
 */
function UserActions({ row, viewer, onToggle }: UserActionsProps) {
  const locked = row.isSuperAdmin && !viewer?.isSuperAdmin ? SUPER_ADMIN_ONLY : null;
  const self = row._id === viewer?._id;
  const blocked = row.status === 'Disable';
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
      <RowAction
        label={blocked ? 'Unblock' : 'Block'}
        icon={blocked ? <IconLockOpen size={15} /> : <IconLock size={15} />}
        color={blocked ? 'green' : 'red'}
        onClick={onToggle}
        disabledReason={self ? 'You cannot block your own account' : locked}
      />
    </>
  );
}
