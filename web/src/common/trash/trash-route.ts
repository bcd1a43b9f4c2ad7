/**
 * A resource's trash screen as a route, declared in one line of the resource folder's index.ts:
 * `trashRoute('Client', '/client', 'Client Trash')`. It sits under the list (`/client/trash`), goes back to it, and
 * opens only with Remove on the resource (the route gate shows the permission message otherwise).
 */
import { createElement, lazy } from 'react';
import type { AppRoute, ScreenProps } from '../../app/screen';
import type { TrashResource } from './trash-api';
import { trashPath } from './trash-text';

export function trashRoute(resource: TrashResource, listPath: string, title: string): AppRoute {
  return {
    path: trashPath(listPath),
    title,
    resource,
    actions: ['Remove'],
    backTo: listPath,
    // Loaded on first visit, like every screen; one TrashPage serves every resource.
    screen: lazy(() =>
      import('./TrashPage').then(({ TrashPage }) => ({
        default: (props: ScreenProps) => createElement(TrashPage, { ...props, resource }),
      })),
    ),
  };
}
