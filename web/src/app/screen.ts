/**
 * The screen contract: what a resource folder's `index.ts` declares for each of its screens (path, title, gate,
 * back target, lazily loaded screen) and what every screen receives. Screens import only this module from the
 * shell, never the router that collects them, so no screen sits in an import cycle with it.
 */
import type { ComponentType } from 'react';
import { type AccessSubject, type Action, canAccess, type Resource } from '../../../shared/permissions';
import { preloadable } from './preloadable';

/** What every screen receives from its route. */
export interface ScreenProps {
  title: string;
  /** Form screens: where the back button goes. */
  backTo?: string;
}

/** A lazily loaded screen; `preload()`, when it has one, fetches its code ahead of the first render. */
export type Screen = ComponentType<ScreenProps> & { preload?: () => Promise<unknown> };

export interface AppRoute {
  path: string;
  title: string;
  /** The gate: no resource means any signed-in user may open the screen. */
  resource?: Resource;
  actions?: readonly Action[];
  /** Set on form screens, which show a back button. */
  backTo?: string;
  /** Only super admins may open it (the audit trail), whatever their roles grant. */
  superAdminOnly?: boolean;
  screen: Screen;
  /**
   * Starts the reads the screen shows first, once a session exists (SWR's `preload`), so they run beside the
   * shell's instead of after the screen's code has loaded: the dashboard's figures.
   */
  preload?: () => void;
}

/**
 * A screen loaded on first visit, or earlier by `preload()` (right after sign-in, the screen being opened):
 * `lazyScreen(() => import('./ManageUserPage'), 'ManageUserPage')`.
 */
export function lazyScreen<K extends string>(
  load: () => Promise<Record<K, ComponentType<ScreenProps>>>,
  name: K,
): Screen {
  return preloadable(() => load().then((module) => module[name]));
}

/** The gates of CONTRACT.md §6, spread into a route: `{ path, title, ...editGate('User'), screen }`. */
export type Gate = Pick<AppRoute, 'resource' | 'actions'>;
export const listGate = (resource: Resource): Gate => ({ resource, actions: ['Read'] });
export const createGate = (resource: Resource): Gate => ({ resource, actions: ['Write'] });
export const editGate = (resource: Resource): Gate => ({ resource, actions: ['Edit'] });
export const editOrOwnGate = (resource: Resource): Gate => ({ resource, actions: ['Edit', 'EditOwn'] });

/** A screen of `crudRoutes`: its title and lazily loaded screen. */
export interface CrudScreen {
  title: string;
  screen: Screen;
}

/** A form screen of `crudRoutes`, with its path where it is not the usual one. */
interface CrudForm extends CrudScreen {
  path?: string;
}

/**
 * A resource's list and its add and edit forms (CONTRACT.md §2, §6): the list at `base` (gate Read), the add form at
 * `base/create` (Write) and the edit form at `base/edit/:id` (Edit, and Edit:own too with `editOwn`). Both forms go
 * back to the list.
 */
export function crudRoutes(
  resource: Resource,
  base: string,
  screens: { list: CrudScreen; create: CrudForm; edit: CrudForm & { editOwn?: boolean } },
): AppRoute[] {
  const { list, create, edit } = screens;
  const form = (path: string, { title, screen }: CrudScreen, gate: Gate): AppRoute => ({
    path,
    title,
    ...gate,
    backTo: base,
    screen,
  });
  return [
    { path: base, title: list.title, ...listGate(resource), screen: list.screen },
    form(create.path ?? `${base}/create`, create, createGate(resource)),
    form(edit.path ?? `${base}/edit/:id`, edit, edit.editOwn ? editOrOwnGate(resource) : editGate(resource)),
  ];
}

/** The route gate: the route's permission (CONTRACT.md §6), and for a super-admin screen, being one. */
export function canOpenRoute(user: AccessSubject | null | undefined, route: AppRoute): boolean {
  if (route.superAdminOnly && user?.isSuperAdmin !== true) return false;
  return canAccess(user, route.resource, route.actions);
}
