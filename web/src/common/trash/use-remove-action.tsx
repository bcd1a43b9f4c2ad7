import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { canAccess, removesOwnOnly } from '../../../../shared/permissions';
import { useSession } from '../../session/session-context';
import { ConfirmDialog } from '../ConfirmDialog';
import { errorMessage } from '../errors';
import { useConfirmTarget } from '../list/use-confirm-target';
import { notifyError, notifySuccess } from '../notify';
import { RowAction } from '../RowAction';
import { moveToTrash, restoreFromTrash, revalidateRemovable, TRASH_RESOURCES, type TrashResource } from './trash-api';
import { quoted, removedMessage, removeQuestion } from './trash-text';

/** How long the popup offering Undo stays. */
const UNDO_MS = 10_000;

/** A record that can be removed, as its list shows it. */
export interface Removable {
  _id: string;
}

/** Brings a record back from the trash from the popup that said it went there. */
async function undo(resource: TrashResource, id: string, name: string, popup: string): Promise<void> {
  notifications.hide(popup);
  try {
    await restoreFromTrash(resource, id);
    notifySuccess(`${quoted(name)} restored`);
  } catch (failure) {
    notifyError(errorMessage(failure), 'Could not restore');
  } finally {
    await revalidateRemovable(resource);
  }
}

/** The popup after a removal: what went where, and Undo (which restores it). */
function notifyRemoved(resource: TrashResource, id: string, name: string): void {
  const popup = `removed-${resource}-${id}`;
  notifications.show({
    id: popup,
    color: 'green',
    autoClose: UNDO_MS,
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {removedMessage(name)}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          style={{ flexShrink: 0 }}
          onClick={() => void undo(resource, id, name, popup)}
          aria-label={`Undo: restore ${quoted(name)}`}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}

/**
 * A list's Remove: `canRemove` when the user holds Remove on the resource; `action(row)` is the row's
 * Remove button, `ask(row)` opens the dialog for a list that draws its own buttons, and `dialog` goes once under
 * the list. Confirming moves the record to the trash, re-reads the list and its counts, and offers Undo; a refusal
 * (a category with articles, a client with ads, the active menu) shows the server's reason.
 */
export function useRemoveAction<T extends Removable>(
  resource: TrashResource,
  nameOf: (row: T) => string,
  /** Who owns a row, for a resource with Edit:own: a holder of Edit:own without Edit removes only their own. */
  ownerOf?: (row: T) => string | undefined,
) {
  const { user } = useSession();
  const canRemove = canAccess(user, resource, ['Remove']);
  const mayRemove = (row: T) => canRemove && !(ownerOf && removesOwnOnly(user, resource) && ownerOf(row) !== user?._id);
  const confirm = useConfirmTarget<T>();
  const target = confirm.target;
  const { one } = TRASH_RESOURCES[resource];

  const remove = async () => {
    if (!target) return;
    const name = nameOf(target);
    try {
      await moveToTrash(resource, target._id);
      notifyRemoved(resource, target._id, name);
    } catch (failure) {
      notifyError(errorMessage(failure), `Could not remove ${quoted(name)}`);
    } finally {
      await revalidateRemovable(resource);
    }
  };

  const action = (row: T): ReactNode =>
    mayRemove(row) ? (
      <RowAction
        label="Remove"
        icon={<IconTrash size={15} />}
        color="red"
        ariaLabel={`Remove ${nameOf(row).trim() || 'Untitled'}`}
        hint="Move to the trash"
        onClick={() => confirm.ask(row)}
      />
    ) : null;

  const dialog = canRemove ? (
    <ConfirmDialog {...confirm.dialog} title={`Remove ${one}`} confirmLabel="Move to trash" danger onConfirm={remove}>
      {target ? removeQuestion(nameOf(target)) : ''}
    </ConfirmDialog>
  ) : null;

  return { canRemove, mayRemove, ask: confirm.ask, action, dialog };
}
