/**
 * The role screen's permission grid as data: rows are resources, columns the actions it offers (CONTRACT.md §3, §6).
 */
import {
  ACTIONS,
  type Action,
  type ModelPermissions,
  normalizeAction,
  RESOURCE_ACTIONS,
  RESOURCES,
  type Resource,
  ROLE_SCREEN_ACTIONS,
} from '../../../shared/permissions';

const SCREEN_ACTIONS: readonly Action[] = ROLE_SCREEN_ACTIONS.map((column) => column.action);

/** Whether the grid offers a checkbox for this action of this resource (Site and Layout: only Read and Edit). */
export function offersAction(resource: Resource, action: Action): boolean {
  return SCREEN_ACTIONS.includes(action) && RESOURCE_ACTIONS[resource].includes(action);
}

/** The actions a resource's row offers, in column order. */
export const rowActions = (resource: Resource): Action[] =>
  SCREEN_ACTIONS.filter((action) => offersAction(resource, action));

/**
 * A role's stored permissions in canonical form: known resources only, `Edit:own` read as `EditOwn`, each
 * action once, in the order of ACTIONS. Actions the screen does not offer for a resource (Remove on Role) are kept,
 * not dropped.
 */
export function normalizePermissions(raw: Partial<Record<string, readonly string[]>> | undefined): ModelPermissions {
  const out: ModelPermissions = {};
  for (const resource of RESOURCES) {
    const held = new Set((raw?.[resource] ?? []).map(normalizeAction).filter((a) => a !== undefined));
    if (held.size > 0) out[resource] = ACTIONS.filter((a) => held.has(a));
  }
  return out;
}

/** Ticks or unticks one action of one resource. */
export function setAction(perms: ModelPermissions, resource: Resource, action: Action, on: boolean): ModelPermissions {
  const held = new Set(perms[resource] ?? []);
  if (on) held.add(action);
  else held.delete(action);
  return withResource(perms, resource, held);
}

/** Ticks or unticks every action the screen offers for a resource ('select all in row'). */
export function setRow(perms: ModelPermissions, resource: Resource, on: boolean): ModelPermissions {
  const held = new Set(perms[resource] ?? []);
  for (const action of rowActions(resource)) {
    if (on) held.add(action);
    else held.delete(action);
  }
  return withResource(perms, resource, held);
}

/** How much of a row is ticked, counting only the actions the screen offers. */
export function rowState(perms: ModelPermissions, resource: Resource): 'all' | 'some' | 'none' {
  const held = perms[resource] ?? [];
  const offered = rowActions(resource);
  const ticked = offered.filter((action) => held.includes(action)).length;
  if (ticked === 0) return 'none';
  return ticked === offered.length ? 'all' : 'some';
}

function withResource(perms: ModelPermissions, resource: Resource, held: Set<Action>): ModelPermissions {
  const next: ModelPermissions = { ...perms };
  if (held.size === 0) delete next[resource];
  else next[resource] = ACTIONS.filter((a) => held.has(a));
  return next;
}
