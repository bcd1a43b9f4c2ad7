import { TRASH_DAYS } from '../../../../shared/constants';
import { canAccess } from '../../../../shared/permissions';
import { useSession } from '../../session/session-context';
import type { BulkAction } from '../list/bulk';
import { moveToTrash, TRASH_RESOURCES, type TrashResource } from './trash-api';

/**
 * Remove (move to the trash) as a bulk action over a removable resource's rows: the row's own call, each.
 * `warning` names what the question must point out among the rows (the live articles).
 */
export function bulkRemoveAction<T extends { _id: string }>(
  resource: TrashResource,
  refusal: (row: T) => string | null = () => null,
  warning?: (rows: readonly T[]) => string | null,
): BulkAction<T> {
  const { one, many } = TRASH_RESOURCES[resource];
  return {
    key: 'trash',
    label: 'Move to trash',
    done: 'Moved to trash',
    color: 'red',
    danger: true,
    refusal,
    ...(warning ? { warning } : {}),
    run: async (row) => {
      await moveToTrash(resource, row._id);
      return undefined;
    },
    question: (count) =>
      `Move ${count} ${count === 1 ? one : many} to the trash? ${count === 1 ? 'It' : 'They'} can be restored for ${TRASH_DAYS} days.`,
  };
}

/** The bulk Remove of a list, for those who hold Remove on the resource; none for the others. */
export function useBulkRemove<T extends { _id: string }>(resource: TrashResource): BulkAction<T>[] {
  const { user } = useSession();
  return canAccess(user, resource, ['Remove']) ? [bulkRemoveAction<T>(resource)] : [];
}
