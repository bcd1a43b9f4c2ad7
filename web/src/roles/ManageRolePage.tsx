import { Group, Text } from '@mantine/core';
import { IconEdit, IconEye, IconShieldCheck } from '@tabler/icons-react';
import type { ScreenProps } from '../app/screen';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { BlockRowAction, blockWords, useBlockToggle } from '../common/list/block-toggle';
import { ListPage } from '../common/list/ListPage';
import { useListScreen } from '../common/list/use-list-screen';
import { RowAction } from '../common/RowAction';
import { StatusBadge, WholeBadge } from '../common/StatusBadge';
import { type Role, revalidateRoles, setRoleStatus, useRoles } from './api';

const BUILT_IN = 'A built-in role: it cannot be changed';

/** What Block and Unblock of a role ask and then say (CONTRACT.md §8). */
const BLOCK_WORDS = blockWords('role', {
  block: (name) => `Block the role ${name ?? ''}? It can no longer be assigned to users.`,
  unblock: (name) => `Unblock the role ${name ?? ''}? It can be assigned to users again.`,
});

/** CONTRACT.md §2 Manage Role: the roles with Edit and Block / Unblock, and Add Role. */
export function ManageRolePage({ title }: ScreenProps) {
  const { paging, canCreate, noEdit } = useListScreen('Role', 'roles');
  const roles = useRoles(paging[0]);
  const block = useBlockToggle<Role>(BLOCK_WORDS, {
    setStatus: setRoleStatus,
    revalidate: (role) => revalidateRoles(role._id),
  });

  const actionsFor = (role: Role) => (
    <>
      <RowAction
        label={role.isEditable ? 'Edit' : 'View'}
        icon={role.isEditable ? <IconEdit size={15} /> : <IconEye size={15} />}
        to={`/role/edit/${role._id}`}
        disabledReason={noEdit}
      />
      <BlockRowAction
        blocked={role.status === 'Disable'}
        onClick={() => block.ask(role)}
        disabledReason={(role.isEditable ? null : BUILT_IN) ?? noEdit}
      />
    </>
  );

  return (
    <ListPage
      title={title}
      create={canCreate && { label: 'Add Role', to: '/role/create' }}
      load={roles}
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
        { header: 'Status', fit: true, render: (role) => <StatusBadge status={role.status} /> },
      ]}
      card={{
        title: (role) => <RoleName role={role} />,
        badge: (role) => <StatusBadge status={role.status} />,
        lines: (role) => role.description,
      }}
      paging={paging}
    >
      <ConfirmDialog {...block.dialog} />
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
        <WholeBadge size="xs" color="brand" leftSection={<IconShieldCheck size={11} />}>
          Two-factor
        </WholeBadge>
      )}
    </Group>
  );
}
