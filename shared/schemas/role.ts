/** Roles and their permission grid (SPEC §3, §5, §6). */

import { STATUSES } from '../constants';
import { ACTIONS, RESOURCES } from '../permissions';
import { requiredText, versionField } from './common';
import * as z from './z';

/** Resource → ticked actions; `Edit:own` is accepted and stored as `EditOwn` by the service. */
export const modelPermissionsField = z.partialRecord(
  z.enum(RESOURCES, 'Unknown permission resource'),
  z.array(z.enum([...ACTIONS, 'Edit:own'], 'Unknown permission action')).check(z.maxLength(10)),
);

const nameField = requiredText('Name is required', 60);
const descriptionField = requiredText('Description is required', 300);

export const roleCreateSchema = z.object({
  name: nameField,
  description: descriptionField,
  modelPermissions: z._default(modelPermissionsField, {}),
});
export type RoleCreateInput = z.infer<typeof roleCreateSchema>;

/** PATCH /role/{id}: the form's fields, or only a status (Block / Unblock), with the version read. */
export const roleUpdateSchema = z.object({
  version: versionField,
  name: z.optional(nameField),
  description: z.optional(descriptionField),
  modelPermissions: z.optional(modelPermissionsField),
  status: z.optional(
    z.enum(STATUSES.filter((s) => s !== 'Init') as ['Enable', 'Disable'], 'Status must be Enable or Disable'),
  ),
});
export type RoleUpdateInput = z.infer<typeof roleUpdateSchema>;
