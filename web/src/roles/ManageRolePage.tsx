import { Badge, Group, Text } from '@mantine/core';
import { IconEdit, IconEye, IconLock, IconLockOpen, IconShieldCheck } from '@tabler/icons-react';
import type { ScreenProps } from '../app/screen';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ListPage } from '../common/list/ListPage';
import { runRowAction } from '../common/list/row-action';
import { useConfirmTarget } from '../common/list/use-confirm-target';
import { useListScreen } from '../common/list/use-list-screen';
import { RowAction } from '../common/RowAction';
import { StatusBadge } from '../common/StatusBadge';
import { type Role, revalidateRoles, setRoleStatus, useRoles } from './api';

const BUILT_IN = 'A built-in role: it cannot be changed';

/** SPEC §2 Manage Role: the roles with Edit and Block / Unblock, and Add Role. */
export function ManageRolePage({ title }: ScreenProps) {
  const { paging, canCreate, noEdit } = useListScreen('Role', 'roles');
  const roles = useRoles(paging[0]);
  const confirm = useConfirmTarget<Role>();
  const target = confirm.target;

  const toggle = async () => {
    if (!target) return;
    const status = target.status === 'Disable' ? 'Enable' : 'Disable';
    await runRowAction({
      run: () => setRoleStatus(target, status),
      done: status === 'Disable' ? 'Role Blocked Successfully' : 'Role Unblocked Successfully',
      failed: status === 'Disable' ? 'Could not block the role' : 'Could not unblock the role',
      revalidate: () => revalidateRoles(target._id),
    });
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
          onClick={() => confirm.ask(role)}
          disabledReason={(role.isEditable ? null : BUILT_IN) ?? noEdit}
        />
      </>
    );
  };

  const blocking = target?.status !== 'Disable';

  return (
    <ListPage
      title={title}
      create={canCreate && { label: 'Add Role', to: '/role/create' }}
      load={roles}
      emptyTitle="No roles yet"
      emptyHint={
        canCreate ? 'Add a role, tick what it may do, then assign it to users.' : 'Nobody has added a role yet.'
      }
      label="Roles"
      minWidth={640}
      rowActions={actionsFor}
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
      paging={paging}
    >
      <ConfirmDialog
        {...confirm.dialog}
        title={blocking ? 'Block role' : 'Unblock role'}
        confirmLabel={blocking ? 'Block' : 'Unblock'}
        danger={blocking}
        onConfirm={toggle}
      >
        {blocking
          ? `Block the role ${target?.name ?? ''}? It can no longer be assigned to users.`
          : `Unblock the role ${target?.name ?? ''}? It can be assigned to users again.`}
      </ConfirmDialog>
    </ListPage>
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
