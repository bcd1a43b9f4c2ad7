import { Badge, Button, Group, Text } from '@mantine/core';
import { IconEdit, IconEye, IconLock, IconLockOpen, IconPlus, IconShieldCheck } from '@tabler/icons-react';
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
import { type Role, revalidateRoles, setRoleStatus, useRoles } from './api';

const BUILT_IN = 'A built-in role: it cannot be changed';

/** SPEC §2 Manage Role: the roles with Edit and Block / Unblock, and Add Role. */
export function ManageRolePage({ title }: ScreenProps) {
  const { user: viewer } = useSession();
  const [page, setPage] = usePageParam();
  const roles = useRoles(page);
  const [target, setTarget] = useState<Role | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const canCreate = canAccess(viewer, 'Role', ['Write']);
  const canEdit = canAccess(viewer, 'Role', ['Edit']);
  const noEdit = canEdit ? null : 'You need the Edit permission on roles';

  const toggle = async () => {
    if (!target) return;
    const status = target.status === 'Disable' ? 'Enable' : 'Disable';
    try {
      await setRoleStatus(target, status);
      notifySuccess(status === 'Disable' ? 'Role Blocked Successfully' : 'Role Unblocked Successfully');
    } catch (failure) {
      notifyError(
        errorMessage(failure),
        status === 'Disable' ? 'Could not block the role' : 'Could not unblock the role',
      );
    } finally {
      await revalidateRoles(target._id);
    }
  };

  const actionsFor = (role: Role) => {
    const blocked = role.status === 'Disable';
    return (
      <>
        <RowAction
          label={role.isEditable ? 'Edit' : 'View'}
          icon={role.isEditable ? <IconEdit size={15} /> : <IconEye size={15} />}
          to={`/role/edit/${role._id}`}
          disabledReason={noEdit}
        />
        <RowAction
          label={blocked ? 'Unblock' : 'Block'}
          icon={blocked ? <IconLockOpen size={15} /> : <IconLock size={15} />}
          color={blocked ? 'green' : 'red'}
          onClick={() => {
            setTarget(role);
            setConfirmOpen(true);
          }}
          disabledReason={(role.isEditable ? null : BUILT_IN) ?? noEdit}
        />
      </>
    );
  };

  const state = listStateMessage(
    roles,
    'Loading roles',
    <ListEmpty title="No roles yet">
      {canCreate ? 'Add a role, tick what it may do, then assign it to users.' : 'Nobody has added a role yet.'}
    </ListEmpty>,
  );

  const blocking = target?.status !== 'Disable';

  return (
    <>
      <PageHeader
        title={title}
        actions={
          canCreate && (
            <Button component={Link} to="/role/create" leftSection={<IconPlus size={18} />}>
              Add Role
            </Button>
          )
        }
      />
      <RecordList
        label="Roles"
        rows={roles.data?.list ?? []}
        state={state}
        minWidth={640}
        actions={actionsFor}
        columns={[
          {
            header: 'Name',
            miw: 160,
            render: (role) => <RoleName role={role} />,
          },
          {
            header: 'Description',
            miw: 220,
            render: (role) => (
              <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }} title={role.description}>
                {role.description}
              </Text>
            ),
          },
          { header: 'Status', miw: 96, render: (role) => <StatusBadge status={role.status} /> },
        ]}
        card={{
          title: (role) => <RoleName role={role} />,
          badge: (role) => <StatusBadge status={role.status} />,
          lines: (role) => role.description,
        }}
      />
      <Pager page={page} total={roles.data?.total} onChange={setPage} noun="roles" />

      <ConfirmDialog
        opened={confirmOpen}
        title={blocking ? 'Block role' : 'Unblock role'}
        confirmLabel={blocking ? 'Block' : 'Unblock'}
        danger={blocking}
        onConfirm={toggle}
        onClose={() => setConfirmOpen(false)}
      >
        {blocking
          ? `Block the role ${target?.name ?? ''}? It can no longer be assigned to users.`
          : `Unblock the role ${target?.name ?? ''}? It can be assigned to users again.`}
      </ConfirmDialog>
    </>
  );
}

/** The role's name, and a mark when its holders must use two-factor sign-in. */
function RoleName({ role }: { role: Role }) {
  return (
    <Group gap={6} wrap="wrap" miw={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {role.name}
      </Text>
      {role.requiresTwoFactor && (
        <Badge size="xs" variant="light" color="brand" leftSection={<IconShieldCheck size={11} />}>
          Two-factor
        </Badge>
      )}
    </Group>
  );
}
