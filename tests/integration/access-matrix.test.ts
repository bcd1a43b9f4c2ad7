/**
 * Authorization matrix for /user* and /role*: every route × {super admin, a role with exactly the needed
 * action, a role without it, no token, a blocked user}. Denied writes must leave the stored record as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { roleModel } from '../../functions/role/model';
import { getUserById, getUserIdByEmail, replaceUser } from '../../functions/user/model';
import type { ModelPermissions } from '../../shared/permissions';
import { actorWith, createRole, createUser } from './factories';
import { admin, call, login } from './helpers';

type Actor = 'superAdmin' | 'permitted' | 'otherRole' | 'noToken' | 'blocked';
const ACTORS: Actor[] = ['superAdmin', 'permitted', 'otherRole', 'noToken', 'blocked'];
const DENIED: Record<Actor, number | undefined> = {
  superAdmin: undefined,
  permitted: undefined,
  otherRole: 403,
  noToken: 401,
  blocked: 401,
};

interface Case {
  name: string;
  needs: ModelPermissions;
  ok: number;
  request: () => Promise<{ method: string; path: string; body?: unknown }>;
  /** A snapshot of what a denied call must not change. */
  snapshot?: () => Promise<unknown>;
}

let superToken: string;
let targetId: string;
let editableRoleId: string;
let sequence = 0;
let lastEmail = '';

const freshUser = async () => {
  const stored = await getUserById(targetId);
  if (!stored) throw new Error('target vanished');
  return stored;
};

/** A case without a body that answers 200: its method is the first word of its name, its path read when it runs. */
const bodiless = (name: string, needs: ModelPermissions, path: () => string): Case => ({
  name,
  needs,
  ok: 200,
  request: async () => ({ method: name.split(' ')[0] ?? '', path: path() }),
});

/**
 * A case that creates a record (201): a POST to the path in its name, with a body made unique by `stamp` (the time
 * and a sequence number).
 */
const creating = (
  name: string,
  needs: ModelPermissions,
  body: (stamp: string) => unknown,
  snapshot?: Case['snapshot'],
): Case => ({
  name,
  needs,
  ok: 201,
  request: async () => {
    sequence += 1;
    return { method: 'POST', path: name.split(' ')[1] ?? '', body: body(`${Date.now()}-${sequence}`) };
  },
  snapshot,
});

const CASES: Case[] = [
  bodiless('GET /user', { User: ['Edit'] }, () => '/user?page=1'),
  bodiless('GET /user/{id}', { User: ['Edit'] }, () => `/user/${targetId}`),
  creating(
    'POST /user',
    { User: ['Write'] },
    (stamp) => {
      lastEmail = `matrix-${stamp}@example.com`;
      return {
        email: lastEmail,
        name: 'Matrix',
        phone: '5550101',
        roles: [],
        password: 'Matrix-Pass-1',
        confirmPassword: 'Matrix-Pass-1',
      };
    },
    async () => getUserIdByEmail(lastEmail),
  ),
  {
    name: 'PATCH /user (edit)',
    needs: { User: ['Edit'] },
    ok: 200,
    request: async () => {
      const u = await freshUser();
      return {
        method: 'PATCH',
        path: '/user',
        body: {
          _id: u._id,
          version: u.version,
          email: u.email,
          name: `Edited ${Date.now()}`,
          phone: u.phone,
          roles: [],
        },
      };
    },
    snapshot: async () => (await freshUser()).name,
  },
  {
    name: 'PATCH /user (status)',
    needs: { User: ['Edit'] },
    ok: 200,
    request: async () => {
      const u = await freshUser();
      return { method: 'PATCH', path: '/user', body: { _id: u._id, version: u.version, status: 'Enable' } };
    },
    snapshot: async () => (await freshUser()).version,
  },
  {
    name: 'PATCH /user (password of another user)',
    needs: { User: ['Edit'] },
    ok: 200,
    request: async () => ({
      method: 'PATCH',
      path: '/user',
      body: { _id: targetId, password: 'Another-Pass-2', confirmPassword: 'Another-Pass-2' },
    }),
    snapshot: async () => (await freshUser()).passwordHash,
  },
  bodiless('DELETE /user/{id}/sessions', { User: ['Edit'] }, () => `/user/${targetId}/sessions`),
  bodiless('DELETE /user/{id}/two-factor', { User: ['Edit'] }, () => `/user/${targetId}/two-factor`),
  bodiless('GET /role', { Role: ['Read'] }, () => '/role'),
  bodiless('GET /role/{id}', { Role: ['Read'] }, () => `/role/${editableRoleId}`),
  creating('POST /role/create', { Role: ['Write'] }, (stamp) => ({ name: `Matrix role ${stamp}`, description: 'x' })),
  {
    name: 'PATCH /role/{id}',
    needs: { Role: ['Edit'] },
    ok: 200,
    request: async () => {
      const role = await roleModel.get(editableRoleId);
      return {
        method: 'PATCH',
        path: `/role/${editableRoleId}`,
        body: { version: role?.version, description: `Changed ${Date.now()}` },
      };
    },
    snapshot: async () => (await roleModel.get(editableRoleId))?.description,
  },
];

beforeAll(async () => {
  superToken = await login(admin.email, admin.password);
  targetId = (await createUser({ name: 'Matrix Target' }))._id;
  editableRoleId = (await createRole({}))._id;
});

async function tokenFor(actor: Actor, needs: ModelPermissions): Promise<string | undefined> {
  switch (actor) {
    case 'superAdmin':
      return superToken;
    case 'permitted':
      return (await actorWith(needs)).token;
    case 'otherRole':
      return (await actorWith({ Cms: ['Read', 'Write', 'Edit', 'EditOwn'], Category: ['Read'] })).token;
    case 'noToken':
      return undefined;
    case 'blocked': {
      const { user, token } = await actorWith(needs);
      const stored = await getUserById(user._id);
      if (!stored) throw new Error('actor vanished');
      await replaceUser(stored, { ...stored, status: 'Disable', version: stored.version + 1 });
      return token;
    }
  }
}

describe.each(CASES)('$name', (testCase) => {
  it.each(ACTORS)('as %s', async (actor) => {
    const token = await tokenFor(actor, testCase.needs);
    const request = await testCase.request();
    const before = testCase.snapshot ? await testCase.snapshot() : undefined;
    const res = await call(request.method, request.path, { token, body: request.body });
    const denied = DENIED[actor];
    if (denied === undefined) {
      expect(res.status, JSON.stringify(res.body)).toBe(testCase.ok);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(denied);
    expect(res.body.message?.msg).toMatch(denied === 401 ? /^Unauthorized: / : /^Forbidden: /);
    if (testCase.snapshot) expect(await testCase.snapshot()).toEqual(before);
  });
});
