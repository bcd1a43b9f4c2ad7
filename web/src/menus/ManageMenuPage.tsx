import { Badge, Button, Text } from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format';
import { canAccess } from '../../../shared/permissions';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { errorMessage } from '../common/errors';
import { ListEmpty, ListLoading, ListRetry } from '../common/ListStates';
import { notifyError, notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { Pager } from '../common/Pager';
import { pageCount } from '../common/paging';
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
  const { data, error, isLoading, isValidating, mutate } = useMenus(page);
  const [target, setTarget] = useState<MenuRow | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const canCreate = canAccess(viewer, 'Menu', ['Write']);
  const noEdit = canAccess(viewer, 'Menu', ['Edit']) ? null : 'You need the Edit permission on menus';

  useEffect(() => {
    if (data && page > pageCount(data.total)) setPage(pageCount(data.total), { replace: true });
  }, [data, page, setPage]);

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

  const rows = data?.list ?? [];
  let state: ReactNode = null;
  if (rows.length === 0) {
    if (error) state = <ListRetry onRetry={() => void mutate()} busy={isValidating} />;
    else if (isLoading || !data) state = <ListLoading label="Loading menus" />;
    else
      state = (
        <ListEmpty title="No menus yet">
          {canCreate ? 'Build one with Add Menu, then activate it.' : 'Nobody has added a menu yet.'}
        </ListEmpty>
      );
  }

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
        rows={rows}
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
      {data && data.total > 0 && (
        <Pager page={Math.min(page, pageCount(data.total))} total={data.total} onChange={setPage} noun="menus" />
      )}

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
