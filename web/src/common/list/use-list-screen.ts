import { type Action, canAccess, type Resource } from '../../../../shared/permissions';
import { useSession } from '../../session/session-context';
import { usePageParam } from '../use-page';

/**
 * What a list screen of `resource` starts from: the page in the URL, and what the signed-in user may do there:
 * add (Write) and edit the rows. `noEdit` says why the rows' Edit is off ('You need the Edit permission on roles'),
 * or is null.
 */
export function useListScreen(resource: Resource, plural: string, edit: Action[] = ['Edit']) {
  const { user: viewer } = useSession();
  return {
    viewer,
    paging: usePageParam(),
    canCreate: canAccess(viewer, resource, ['Write']),
    noEdit: canAccess(viewer, resource, edit) ? null : `You need the Edit permission on ${plural}`,
  };
}
