import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { canAccess } from '../../../../shared/permissions';
import { useSession } from '../../session/session-context';
import type { TrashResource } from './trash-api';
import { trashPath } from './trash-text';

/** The list header's way to its trash (`<list>/trash`), for those who hold Remove on the resource. */
export function TrashLink({ resource, listPath }: { resource: TrashResource; listPath: string }) {
  const { user } = useSession();
  if (!canAccess(user, resource, ['Remove'])) return null;
  return (
    <Button component={Link} to={trashPath(listPath)} variant="default" leftSection={<IconTrash size={16} />}>
      Trash
    </Button>
  );
}
