import { Badge, Button, Text } from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format';
import { canAccess } from '../../../shared/permissions';
import { ConfirmDialog } from '../common/ConfirmDialog';
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
import { type MenuRow, revalidateMenus, setMenuActive, useMenus } from './api';

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" miw="fit-content">
      {active ? 'ACTIVE' : 'IN-ACTIVE'}
    </Badge>
  );
}

const itemsText = (count: number) => `${count} item${count === 1 ? '' : 's'}`;

/** SPEC §2 Menu Management: the menus with TITLE and Active, Edit and Activate / De-Activate, and Add Menu. */
export function ManageMenuPage({ title }: ScreenProps) {
  const { user: viewer } = useSession();
  const [page, setPage] = usePageParam();
  const menus = useMenus(page);
  const [target, setTarget] = useState<MenuRow | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const canCreate = canAccess(viewer, 'Menu', ['Write']);
  const noEdit = canAccess(viewer, 'Menu', ['Edit']) ? null : 'You need the Edit permission on menus';

  const toggle = async () => {
    if (!target) return;
    try {
      await setMenuActive(target, !target.active);
      notifySuccess('Menu Status Updated Successfully');
    } catch (failure) {
      notifyError(
        errorMessage(failure),
        target.active ? 'Could not de-activate the menu' : 'Could not activate the menu',
      );
    } finally {
      await revalidateMenus(target._id);
    }
  };

  const actionsFor = (menu: MenuRow) => (
    <>
      <RowAction
        label="Edit"
        ariaLabel={`Edit ${menu.title}`}
        icon={<IconEdit size={15} />}
        to={`/menu/${menu._id}`}
        disabledReason={noEdit}
      />
      <RowAction
        label={menu.active ? 'De-Activate' : 'Activate'}
        icon={menu.active ? <IconPlayerPause size={15} /> : <IconPlayerPlay size={15} />}
        color={menu.active ? 'red' : 'green'}
        onClick={() => {
          setTarget(menu);
          setConfirmOpen(true);
        }}
        disabledReason={noEdit}
      />
    </>
  );

  const state = listStateMessage(
    menus,
    'Loading menus',
    <ListEmpty title="No menus yet">
      {canCreate ? 'Build one with Add Menu, then activate it.' : 'Nobody has added a menu yet.'}
    </ListEmpty>,
  );

  const activating = target ? !target.active : true;

  return (
    <>
      <PageHeader
        title={title}
        description="One Top Menu and one Footer Menu are active at a time"
        actions={
          canCreate && (
            <Button component={Link} to="/create" leftSection={<IconPlus size={18} />}>
              Add Menu
            </Button>
          )
        }
      />
      <RecordList
        label="Menus"
        rows={menus.data?.list ?? []}
        state={state}
        minWidth={640}
        actions={actionsFor}
        columns={[
          {
            header: 'Title',
            miw: 140,
            render: (menu) => (
              <Text size="sm" fw={500}>
                {menu.title}
              </Text>
            ),
          },
          { header: 'Active', miw: 110, render: (menu) => <ActiveBadge active={menu.active} /> },
          {
            header: 'Items',
            render: (menu) => (
              <Text size="sm" c="dimmed">
                {itemsText(menu.itemCount)}
              </Text>
            ),
          },
          {
            header: 'Updated',
            style: { whiteSpace: 'nowrap' },
            render: (menu) => (
              <Text size="sm" c="dimmed">
                {formatDateTime(menu.updatedAt)}
              </Text>
            ),
          },
        ]}
        card={{
          title: (menu) => menu.title,
          badge: (menu) => <ActiveBadge active={menu.active} />,
          lines: (menu) => `${itemsText(menu.itemCount)} · updated ${formatDateTime(menu.updatedAt)}`,
        }}
      />
      <Pager page={page} total={menus.data?.total} onChange={setPage} noun="menus" />

      <ConfirmDialog
        opened={confirmOpen}
        title={activating ? 'Activate menu' : 'De-activate menu'}
        confirmLabel={activating ? 'Activate' : 'De-Activate'}
        danger={!activating}
        onConfirm={toggle}
        onClose={() => setConfirmOpen(false)}
      >
        {activating
          ? `Show this ${target?.title ?? 'menu'} on the site? The ${target?.title ?? 'menu'} that is active now is de-activated.`
          : `Take this ${target?.title ?? 'menu'} off the site? The site shows no ${target?.title ?? 'menu'} until another one is activated.`}
      </ConfirmDialog>
    </>
  );
}
