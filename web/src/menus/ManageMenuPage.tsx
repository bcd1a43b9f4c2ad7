import { Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { formatDateTime } from '../../../shared/format';
import type { ScreenProps } from '../app/screen';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DimText } from '../common/list/cells';
import { ListPage } from '../common/list/ListPage';
import { useConfirmedRowAction } from '../common/list/use-confirm-target';
import { useListScreen } from '../common/list/use-list-screen';
import { EditRowAction, RowAction } from '../common/RowAction';
import { WholeBadge } from '../common/StatusBadge';
import { TrashLink } from '../common/trash/TrashLink';
import { useRemoveAction } from '../common/trash/use-remove-action';
import { type MenuRow, revalidateMenus, setMenuActive, useMenus } from './api';

function ActiveBadge({ active }: { active: boolean }) {
  return <WholeBadge color={active ? 'green' : 'gray'}>{active ? 'ACTIVE' : 'IN-ACTIVE'}</WholeBadge>;
}

const itemsText = (count: number) => `${count} item${count === 1 ? '' : 's'}`;

/** CONTRACT.md §2 Menu Management: the menus with TITLE and Active, Edit and Activate / De-Activate, and Add Menu. */
export function ManageMenuPage({ title }: ScreenProps) {
  const { paging, canCreate, noEdit } = useListScreen('Menu', 'menus');
  const menus = useMenus(paging[0]);
  const confirm = useConfirmedRowAction((menu: MenuRow) => ({
    run: () => setMenuActive(menu, !menu.active),
    done: 'Menu Status Updated Successfully',
    failed: menu.active ? 'Could not de-activate the menu' : 'Could not activate the menu',
    revalidate: () => revalidateMenus(menu._id),
  }));
  const target = confirm.target;
  const remove = useRemoveAction('Menu', (menu: MenuRow) => menu.title);

  const actionsFor = (menu: MenuRow) => (
    <>
      <EditRowAction name={menu.title} to={`/menu/${menu._id}`} disabledReason={noEdit} />
      <RowAction
        label={menu.active ? 'De-Activate' : 'Activate'}
        icon={menu.active ? <IconPlayerPause size={15} /> : <IconPlayerPlay size={15} />}
        color={menu.active ? 'red' : 'green'}
        onClick={() => confirm.ask(menu)}
        disabledReason={noEdit}
      />
      {remove.action(menu)}
    </>
  );

  const activating = target ? !target.active : true;

  return (
    <ListPage
      title={title}
      description="One Top Menu and one Footer Menu are active at a time"
      actions={<TrashLink resource="Menu" listPath="/menu" />}
      create={canCreate && { label: 'Add Menu', to: '/create' }}
      load={menus}
      emptyHint={canCreate ? 'Build one with Add Menu, then activate it.' : 'Nobody has added a menu yet.'}
      label="Menus"
      minWidth={640}
      rowActions={actionsFor}
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
        { header: 'Active', fit: true, render: (menu) => <ActiveBadge active={menu.active} /> },
        { header: 'Items', fit: true, render: (menu) => <DimText>{itemsText(menu.itemCount)}</DimText> },
        { header: 'Updated', fit: true, render: (menu) => <DimText>{formatDateTime(menu.updatedAt)}</DimText> },
      ]}
      card={{
        title: (menu) => menu.title,
        badge: (menu) => <ActiveBadge active={menu.active} />,
        lines: (menu) => `${itemsText(menu.itemCount)} · updated ${formatDateTime(menu.updatedAt)}`,
      }}
      paging={paging}
    >
      <ConfirmDialog
        {...confirm.dialog}
        title={activating ? 'Activate menu' : 'De-activate menu'}
        confirmLabel={activating ? 'Activate' : 'De-Activate'}
        danger={!activating}
      >
        {activating
          ? `Show this ${target?.title ?? 'menu'} on the site? The ${target?.title ?? 'menu'} that is active now is de-activated.`
          : `Take this ${target?.title ?? 'menu'} off the site? The site shows no ${target?.title ?? 'menu'} until another one is activated.`}
      </ConfirmDialog>
      {remove.dialog}
    </ListPage>
  );
}
