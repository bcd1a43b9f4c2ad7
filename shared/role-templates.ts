/**
 * Ready-made roles a newsroom starts from (CONTRACT.md §2, Create Role: "Start from"): Editor, Reporter /
 * Contributor, Ad manager and Home-page curator. They are templates, not stored roles: picking one fills the Create
 * Role form, which the admin adjusts and saves as any other role, so the no-escalation rule (authority.ts) holds as
 * for every role they make, and no install finds roles it did not ask for (or a name it already uses taken).
 */
import { firstUnheld } from './authority';
import {
  ACTIONS,
  type AccessSubject,
  type Action,
  canAccess,
  type ModelPermissions,
  RESOURCE_ACTIONS,
  RESOURCE_LABELS,
  RESOURCES,
} from './permissions';

export interface RoleTemplate {
  /** Stable, for the picker's value. */
  key: string;
  name: string;
  description: string;
  modelPermissions: ModelPermissions;
}

const READ: Action[] = ['Read'];
const ALL_BUT_OWN: Action[] = ['Read', 'Write', 'Edit', 'Remove'];

export const ROLE_TEMPLATES: readonly RoleTemplate[] = [
  {
    key: 'editor',
    name: 'Editor',
    description: 'Edits, approves, publishes and removes every article; runs breaking news, the e-paper and categories',
    modelPermissions: {
      Cms: ALL_BUT_OWN,
      Category: ['Read', 'Write', 'Edit'],
      Asset: ['Read', 'Write', 'Edit'],
      BreakingNews: ALL_BUT_OWN,
      Epaper: ALL_BUT_OWN,
      Menu: READ,
      User: READ,
      Site: READ,
      Layout: READ,
    },
  },
  {
    key: 'reporter',
    name: 'Reporter',
    description: 'Writes articles and sends them for review; edits and removes only their own',
    modelPermissions: {
      Cms: ['Read', 'Write', 'EditOwn', 'Remove'],
      Category: READ,
      Asset: ['Read', 'Write', 'EditOwn'],
    },
  },
  {
    key: 'ad-manager',
    name: 'Ad manager',
    description: 'Books and changes advertisements and their clients',
    modelPermissions: {
      Advertisement: ALL_BUT_OWN,
      Client: ALL_BUT_OWN,
      Category: READ,
      Asset: ['Read', 'Write'],
    },
  },
  {
    key: 'home-curator',
    name: 'Home-page curator',
    description: 'Arranges the home page: top headlines, top stories, the cover story and its sections',
    modelPermissions: {
      Layout: ['Read', 'Edit'],
      Cms: READ,
      Category: READ,
      Asset: READ,
    },
  },
];

/** What of a template the actor may hand out (everything, for a super admin), and what was left out and why. */
export function templateFor(
  template: RoleTemplate,
  actor: AccessSubject,
): { modelPermissions: ModelPermissions; leftOut: string[] } {
  const modelPermissions: ModelPermissions = {};
  const leftOut: string[] = [];
  for (const resource of RESOURCES) {
    const wanted = template.modelPermissions[resource] ?? [];
    const kept = ACTIONS.filter(
      (action) =>
        wanted.includes(action) &&
        RESOURCE_ACTIONS[resource].includes(action) &&
        (actor.isSuperAdmin === true || canAccess(actor, resource, [action])),
    );
    for (const action of wanted) {
      if (!kept.includes(action))
        leftOut.push(`${action === 'EditOwn' ? 'Edit:own' : action} on ${RESOURCE_LABELS[resource]}`);
    }
    if (kept.length > 0) modelPermissions[resource] = kept;
  }
  // What is kept is what the actor holds: the API's no-escalation check (authority.ts) passes it.
  if (firstUnheld(actor, modelPermissions)) throw new Error(`template ${template.key} kept an unheld permission`);
  return { modelPermissions, leftOut };
}
