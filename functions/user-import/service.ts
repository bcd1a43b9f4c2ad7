/**
 * Bulk user upload (CONTRACT.md §2 Manage User, §7 POST /user/bulkUpload/): every row of the file goes through the
 * same rules as Create User — the shared schema, enabled roles only, the user service's permission and
 * uniqueness checks — and the answer reports each row, created or failed with a reason a person can read.
 */
import {
  MAX_ROLES_PER_USER,
  type UserCreateInput,
  type UserImportReport,
  type UserImportRow,
  userCreateSchema,
} from '../../shared/schemas/user';
import * as z from '../../shared/schemas/z';
import { HttpError } from '../lib/errors';
import { findRoleIdsByNames } from '../role/model';
import type { AuthUser } from '../user/auth-user';
import { createUser } from '../user/service';
import type { UploadedFile } from './multipart';
import { type ImportRow, parseUserFile } from './parse';

type RolesByName = Awaited<ReturnType<typeof findRoleIdsByNames>>;

/**
 * Longer names are not looked up (no role has one; role names are far shorter), which keeps every lookup key
 * well under DynamoDB's 2 KB key limit whatever a file holds.
 */
const MAX_ROLE_NAME_LOOKUP = 200;

/** The role names worth looking up: those of rows that may hold them, once each. */
function roleNamesToLookUp(rows: ImportRow[]): string[] {
  const names = rows
    .filter((r) => r.roles.length <= MAX_ROLES_PER_USER)
    .flatMap((r) => r.roles)
    .filter((name) => name.length <= MAX_ROLE_NAME_LOOKUP);
  return [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
}

/** The create-user input of a row, or the reason it cannot be created (shared schema first, then roles). */
function toCreateInput(row: ImportRow, roles: RolesByName): UserCreateInput | string {
  // The schema's own rule and message, checked on names so that no more than this is ever looked up.
  if (row.roles.length > MAX_ROLES_PER_USER) return `At most ${MAX_ROLES_PER_USER} roles`;
  const unknown: string[] = [];
  const ids: string[] = [];
  for (const name of row.roles) {
    const role = roles.get(name.toLowerCase());
    if (role && role.status === 'Enable') ids.push(role._id);
    else unknown.push(name);
  }
  const parsed = z.safeParse(userCreateSchema, {
    name: row.name,
    email: row.email,
    phone: row.phone,
    roles: [...new Set(ids)],
    password: row.password,
    confirmPassword: row.password,
  });
  if (!parsed.success) return problemText(parsed.error.issues[0]);
  if (unknown.length > 0) return `Unknown role${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
  return parsed.data;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone Number',
  roles: 'Roles',
  password: 'Password',
};

/**
 * The schema's message, which the Create User form shows under its field; a report row has no field to show
 * it under, so a message that does not name its field ("At most 100 characters") gets the field's label.
 */
function problemText(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'The row is not valid';
  const field = issue.path[0];
  const label = typeof field === 'string' ? FIELD_LABELS[field] : undefined;
  if (!label || issue.message.toLowerCase().startsWith(label.toLowerCase())) return issue.message;
  return `${label}: ${issue.message}`;
}

/** What the report echoes of a cell: enough to find the row, never a whole oversized cell. */
const clip = (text: string, max = 254) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Creates the users of an uploaded file, row by row in file order, as `actor` (calling from `ip`). */
export async function importUsers(actor: AuthUser, file: UploadedFile, ip: string): Promise<UserImportReport> {
  const rows = await parseUserFile(file.filename, file.data);
  const roles = await findRoleIdsByNames(roleNamesToLookUp(rows));

  const results: UserImportRow[] = [];
  const createdEmails = new Set<string>();
  for (const row of rows) {
    const email = clip(row.email);
    const fail = (reason: string) => results.push({ row: row.row, email, status: 'failed', reason });
    const input = toCreateInput(row, roles);
    if (typeof input === 'string') {
      fail(input);
      continue;
    }
    // A second row with an email created a moment ago: the same answer the service gives, without a bcrypt.
    if (createdEmails.has(input.email.toLowerCase())) {
      fail('Email already exists');
      continue;
    }
    try {
      await createUser(actor, input, ip);
    } catch (error) {
      if (error instanceof HttpError) {
        fail(error.text);
        continue;
      }
      throw error;
    }
    createdEmails.add(input.email.toLowerCase());
    results.push({ row: row.row, email, status: 'created' });
  }

  const created = results.filter((r) => r.status === 'created').length;
  return { created, failed: results.length - created, rows: results };
}
