/**
 * Bulk user upload (SPEC §2 Manage User, §7 POST /user/bulkUpload/): every row of the file goes through the
 * same rules as Create User — the shared schema, enabled roles only, the user service's permission and
 * uniqueness checks — and the answer reports each row, created or failed with a reason a person can read.
 */
import { type UserCreateInput, userCreateSchema } from '../../shared/schemas/user';
import type { AuthUser } from '../lib/auth';
import { HttpError } from '../lib/errors';
import { parseWith } from '../lib/http';
import { findRoleIdsByNames } from '../role/repo';
import { createUser } from '../user/service';
import type { UploadedFile } from './multipart';
import { type ImportRow, parseUserFile } from './parse';

export interface ImportRowResult {
  /** 1-based number of the row among the file's user rows (the header and empty lines not counted). */
  row: number;
  email: string;
  status: 'created' | 'failed';
  reason?: string;
}

export interface ImportReport {
  created: number;
  failed: number;
  rows: ImportRowResult[];
}

type RolesByName = Awaited<ReturnType<typeof findRoleIdsByNames>>;

/** The create-user input of a row, or the reason it cannot be created (shared schema first, then roles). */
function toCreateInput(row: ImportRow, roles: RolesByName): UserCreateInput | string {
  const unknown: string[] = [];
  const ids: string[] = [];
  for (const name of row.roles) {
    const role = roles.get(name.toLowerCase());
    if (role && role.status === 'Enable') ids.push(role._id);
    else unknown.push(name);
  }
  let input: UserCreateInput;
  try {
    input = parseWith(userCreateSchema, {
      name: row.name,
      email: row.email,
      phone: row.phone,
      roles: [...new Set(ids)],
      password: row.password,
      confirmPassword: row.password,
    });
  } catch (error) {
    if (error instanceof HttpError) return error.text;
    throw error;
  }
  if (unknown.length > 0) return `Unknown role${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
  return input;
}

/** Creates the users of an uploaded file, row by row in file order, as `actor`. */
export async function importUsers(actor: AuthUser, file: UploadedFile): Promise<ImportReport> {
  const rows = await parseUserFile(file.filename, file.data);
  const roles = await findRoleIdsByNames(rows.flatMap((r) => r.roles));

  const results: ImportRowResult[] = [];
  const createdEmails = new Set<string>();
  for (const row of rows) {
    const fail = (reason: string) => results.push({ row: row.row, email: row.email, status: 'failed', reason });
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
      await createUser(actor, input);
    } catch (error) {
      if (error instanceof HttpError) {
        fail(error.text);
        continue;
      }
      throw error;
    }
    createdEmails.add(input.email.toLowerCase());
    results.push({ row: row.row, email: row.email, status: 'created' });
  }

  const created = results.filter((r) => r.status === 'created').length;
  return { created, failed: results.length - created, rows: results };
}
