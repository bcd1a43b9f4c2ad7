/** Roles and their permission grid (CONTRACT.md §3, §5, §6). */

import { STATUSES, type Status } from '../constants';
import {
  ACTIONS,
  type Action,
  type ModelPermissions,
  normalizeAction,
  RESOURCE_ACTIONS,
  RESOURCE_LABELS,
  RESOURCES,
  type Resource,
  ROLE_SCREEN_ACTIONS,
} from '../permissions';
import { requiredText, versionField } from './common';
import { allFlag, pagingFields } from './list-query';
import * as z from './z';

/** The role screen's spelling of each action (`Edit:own`). */
const actionLabel = (action: Action) => ROLE_SCREEN_ACTIONS.find((a) => a.action === action)?.label ?? action;

const listed = (words: string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** Why a grid cannot be stored: the first action its resource does not offer (RESOURCE_ACTIONS), if any. */
export function unofferedActionMessage(permissions: Partial<Record<Resource, readonly string[]>>): string | undefined {
  for (const resource of RESOURCES) {
    const offered = RESOURCE_ACTIONS[resource];
    const wrong = (permissions[resource] ?? []).find((a) => {
      const action = normalizeAction(a);
      return action === undefined || !offered.includes(action);
    });
    if (wrong !== undefined) {
      return `${RESOURCE_LABELS[resource]} offers only ${listed(offered.map(actionLabel))}, not ${wrong}`;
    }
  }
  return undefined;
}

/**
 * Resource → ticked actions; `Edit:own` is accepted and stored as `EditOwn` by the service. Only the actions
 * RESOURCE_ACTIONS offers for a resource are taken (Site and Layout: Read and Edit).
 */
export const modelPermissionsField = z
  .partialRecord(
    z.enum(RESOURCES, 'Unknown permission resource'),
    z.array(z.enum([...ACTIONS, 'Edit:own'], 'Unknown permission action')).check(z.maxLength(10)),
  )
  .check(
    z.superRefine((permissions, ctx) => {
      const message = unofferedActionMessage(permissions);
      if (message) ctx.addIssue({ code: 'custom', message, input: permissions });
    }),
  );

/** Holders must sign in with a second factor (they can only enrol until they have). */
const requiresTwoFactorField = z.boolean('requiresTwoFactor must be true or false');

const nameField = requiredText('Name is required', 60);
const descriptionField = requiredText('Description is required', 300);

export const roleCreateSchema = z.object({
  name: nameField,
  description: descriptionField,
  modelPermissions: z._default(modelPermissionsField, {}),
  requiresTwoFactor: z._default(requiresTwoFactorField, false),
});
export type RoleCreateInput = z.infer<typeof roleCreateSchema>;

/** PATCH /role/{id}: the form's fields, or only a status (Block / Unblock), with the version read. */
export const roleUpdateSchema = z.object({
  version: versionField,
  name: z.optional(nameField),
  description: z.optional(descriptionField),
  modelPermissions: z.optional(modelPermissionsField),
  requiresTwoFactor: z.optional(requiresTwoFactorField),
  status: z.optional(
    z.enum(STATUSES.filter((s) => s !== 'Init') as ['Enable', 'Disable'], 'Status must be Enable or Disable'),
  ),
});
export type RoleUpdateInput = z.infer<typeof roleUpdateSchema>;

/** GET /role's query: paging or `all=true`, and a status (any other value lists every role). */
export const roleListQuerySchema = z.object({
  ...pagingFields(),
  status: z.pipe(
    z.optional(z.string()),
    z.transform((value) => (value === 'Enable' || value === 'Disable' ? value : undefined)),
  ),
  all: allFlag,
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

// ---- What the API returns (types only) ----

/** A role as GET /role, GET /role/{id} and the writes return it. */
export interface Role {
  _id: string;
  name: string;
  description: string;
  status: Status;
  /** The built-in roles cannot be edited. */
  isEditable: boolean;
  modelPermissions: ModelPermissions;
  /** Holders must use two-factor sign-in; without it they can only set it up or sign out. */
  requiresTwoFactor: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}
