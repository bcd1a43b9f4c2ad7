/**
 * Resources, actions and the access rule of CONTRACT.md §6, shared by the web route gate and the API middleware.
 */
export const RESOURCES = [
  'User',
  'Role',
  'Asset',
  'Category',
  'Cms',
  'Menu',
  'Epaper',
  'Advertisement',
  'Client',
  'BreakingNews',
  /** The site's own settings: reading is open to every signed-in user, writing needs Edit on Site (CONTRACT.md §6). */
  'Site',
  /** The home-page layout (likewise: reading stays open, writing needs Edit on Layout). */
  'Layout',
] as const;
export type Resource = (typeof RESOURCES)[number];

/**
 * Articles' resource. The contract names it `Cms` (stored roles, CONTRACT.md §6), as it names the routes `/cms…`;
 * the code says "article" everywhere else, and reaches the wire's name through this one constant.
 */
export const ARTICLE_RESOURCE = 'Cms' satisfies Resource;

/** Canonical action names. `Edit:own` (the role screen's spelling) is stored and compared as `EditOwn`. */
export const ACTIONS = ['Read', 'Write', 'Edit', 'EditOwn', 'Remove'] as const;
export type Action = (typeof ACTIONS)[number];

/** The actions the role screen offers as checkboxes (CONTRACT.md §3), with their labels. */
export const ROLE_SCREEN_ACTIONS: ReadonlyArray<{ action: Action; label: string }> = [
  { action: 'Read', label: 'Read' },
  { action: 'Write', label: 'Write' },
  { action: 'Edit', label: 'Edit' },
  { action: 'EditOwn', label: 'Edit:own' },
  { action: 'Remove', label: 'Remove' },
];

/** Labels the role screen shows per resource (CONTRACT.md §3, spelt so). */
export const RESOURCE_LABELS: Record<Resource, string> = {
  User: 'User',
  Role: 'Roles and Permissons',
  Asset: 'Media',
  Category: 'Categories',
  Cms: 'Article',
  Menu: 'Menu',
  Epaper: 'Epaper',
  Advertisement: 'Advertisement',
  Client: 'Client',
  BreakingNews: 'Breaking News',
  Site: 'Site Management',
  Layout: 'Home Page',
};

/** The actions that mean something for each resource; the role screen offers only these. */
export const RESOURCE_ACTIONS: Record<Resource, readonly Action[]> = {
  User: ['Read', 'Write', 'Edit', 'EditOwn'],
  Role: ['Read', 'Write', 'Edit', 'EditOwn'],
  Asset: ['Read', 'Write', 'Edit', 'EditOwn'],
  Category: ['Read', 'Write', 'Edit', 'EditOwn', 'Remove'],
  Cms: ['Read', 'Write', 'Edit', 'EditOwn', 'Remove'],
  Menu: ['Read', 'Write', 'Edit', 'EditOwn', 'Remove'],
  Epaper: ['Read', 'Write', 'Edit', 'EditOwn', 'Remove'],
  Advertisement: ['Read', 'Write', 'Edit', 'EditOwn', 'Remove'],
  Client: ['Read', 'Write', 'Edit', 'EditOwn', 'Remove'],
  BreakingNews: ['Read', 'Write', 'Edit', 'EditOwn', 'Remove'],
  Site: ['Read', 'Edit'],
  Layout: ['Read', 'Edit'],
};

export type ModelPermissions = Partial<Record<Resource, Action[]>>;

export interface AccessSubject {
  isSuperAdmin?: boolean;
  modelPermissions?: Partial<Record<string, readonly string[]>>;
}

export const PERMISSION_DENIED_MESSAGE =
  'You do not have permissions to perform this action, please contact admin to gain access';

/** Maps any accepted spelling to the canonical action, or undefined for an unknown action. */
export function normalizeAction(action: string): Action | undefined {
  if (action === 'Edit:own') return 'EditOwn';
  return (ACTIONS as readonly string[]).includes(action) ? (action as Action) : undefined;
}

export function isResource(value: string): value is Resource {
  return (RESOURCES as readonly string[]).includes(value);
}

/**
 * Access is allowed when there is a signed-in user and either the check names no resource, the user is a
 * super admin, or the user holds at least one of the listed actions on the resource.
 */
export function canAccess(
  user: AccessSubject | null | undefined,
  resource?: Resource,
  actions: readonly string[] = [],
): boolean {
  if (!user) return false;
  if (!resource) return true;
  if (user.isSuperAdmin === true) return true;
  const held = new Set((user.modelPermissions?.[resource] ?? []).map(normalizeAction).filter((a) => a !== undefined));
  return actions.some((a) => {
    const wanted = normalizeAction(a);
    return wanted !== undefined && held.has(wanted);
  });
}

/**
 * Remove follows Edit and Edit:own (CONTRACT.md §6): someone who may edit only their own records of a resource
 * (Edit:own without Edit) removes, restores and deletes only their own. Remove with Edit, or alone, covers all.
 */
export const removesOwnOnly = (user: AccessSubject | null | undefined, resource: Resource): boolean =>
  !canAccess(user, resource, ['Edit']) && canAccess(user, resource, ['EditOwn']);

export const REMOVE_OWN_ONLY = (noun: string) => `You may edit only your own ${noun}, so you may remove only those`;

/** Merges the permissions of several roles (a union per resource), dropping unknown names. */
export function mergePermissions(perRole: ReadonlyArray<Partial<Record<string, readonly string[]>>>): ModelPermissions {
  const merged: Partial<Record<Resource, Set<Action>>> = {};
  for (const permissions of perRole) {
    for (const [resource, actions] of Object.entries(permissions)) {
      if (!isResource(resource) || !Array.isArray(actions)) continue;
      const set = merged[resource] ?? new Set<Action>();
      for (const a of actions) {
        const action = typeof a === 'string' ? normalizeAction(a) : undefined;
        if (action) set.add(action);
      }
      merged[resource] = set;
    }
  }
  const out: ModelPermissions = {};
  for (const resource of RESOURCES) {
    const set = merged[resource];
    if (set && set.size > 0) out[resource] = ACTIONS.filter((a) => set.has(a));
  }
  return out;
}
