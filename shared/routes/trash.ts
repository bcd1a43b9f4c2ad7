/**
 * The four trash calls every removable resource has, all needing Remove on the resource:
 * `DELETE {base}/{id}` moves the record to the trash, `GET {base}/trash` lists it, `POST {base}/trash/{id}/restore`
 * brings it back, `DELETE {base}/trash/{id}` deletes it for good. Each resource's line is in trash-resources.ts.
 */
import type { Resource } from '../permissions';
import type { ListPage } from '../schemas/common';
import { pagingQuery } from '../schemas/list-query';
import type { TrashedRecord } from '../schemas/trash';
import type { TRASHABLE_RESOURCES } from '../trash-resources';
import { lambdaRoutes, need, returns } from './kit';

export function trashRoutes<const L extends string, const B extends string>({
  lambda,
  base,
  resource,
  one,
  many,
}: (typeof TRASHABLE_RESOURCES)[keyof typeof TRASHABLE_RESOURCES] & { lambda: L; base: B; resource: Resource }) {
  const names = { one, many };
  const routes = lambdaRoutes(lambda);
  const access = need(resource, 'Remove');
  return [
    routes.delete(`${base}/{id}`, access, `Move ${names.one} to the trash (kept for 30 days)`, {
      result: returns<null>(),
    }),
    routes.get(`${base}/trash`, access, `The trash: removed ${names.many}, newest removal first`, {
      query: pagingQuery(),
      result: returns<ListPage<TrashedRecord>>(),
    }),
    routes.post(`${base}/trash/{id}/restore`, access, `Restore ${names.one} from the trash`, {
      result: returns<null>(),
    }),
    routes.delete(`${base}/trash/{id}`, access, `Delete ${names.one} in the trash for good`, {
      result: returns<null>(),
    }),
  ] as const;
}
