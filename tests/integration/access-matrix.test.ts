/**
 * Authorization matrix for /user* and /role*: every route × {super admin, a role with exactly the needed
 * action, a role without it, no token, a blocked user}. Denied writes must leave the stored record as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getRoleById } from '../../functions/role/repo';
import { getUserById, getUserIdByEmail, replaceUser } from '../../functions/user/repo';
import type { ModelPermissions } from '../../shared/permissions';
import { actorWith, admin, call, createRole, createUser, login } from './helpers';

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

const CASES: Case[] = [
  {
    name: 'GET /user',
    needs: { User: ['Edit'] },
    ok: 200,
    request: async () => ({ method: 'GET', path: '/user?page=1' }),
  },
  {
    name: 'GET /user/{id}',
    needs: { User: ['Edit'] },
    ok: 200,
    request: async () => ({ method: 'GET', path: `/user/${targetId}` }),
  },
  {
    name: 'POST /user',
    needs: { User: ['Write'] },
    ok: 201,
    request: async () => {
      sequence += 1;
      lastEmail = `matrix-${Date.now()}-${sequence}@example.com`;
      return {
        method: 'POST',
        path: '/user',
        body: {
          email: lastEmail,
          name: 'Matrix',
          phone: '5550101',
          roles: [],
          password: 'Matrix-Pass-1',
          confirmPassword: 'Matrix-Pass-1',
        },
      };
    },
    snapshot: async () => getUserIdByEmail(lastEmail),
  },
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
  {
    name: 'DELETE /user/{id}/sessions',
    needs: { User: ['Edit'] },
    ok: 200,
    request: async () => ({ method: 'DELETE', path: `/user/${targetId}/sessions` }),
  },
  {
    name: 'DELETE /user/{id}/two-factor',
    needs: { User: ['Edit'] },
    ok: 200,
    request: async () => ({ method: 'DELETE', path: `/user/${targetId}/two-factor` }),
  },
  {
    name: 'GET /role',
    needs: { Role: ['Read'] },
    ok: 200,
    request: async () => ({ method: 'GET', path: '/role' }),
  },
  {
    name: 'GET /role/{id}',
    needs: { Role: ['Read'] },
    ok: 200,
    request: async () => ({ method: 'GET', path: `/role/${editableRoleId}` }),
  },
  {
    name: 'POST /role/create',
    needs: { Role: ['Write'] },
    ok: 201,
    request: async () => {
      sequence += 1;
      return {
        method: 'POST',
        path: '/role/create',
        body: { name: `Matrix role ${Date.now()}-${sequence}`, description: 'x' },
      };
    },
  },
  {
    name: 'PATCH /role/{id}',
    needs: { Role: ['Edit'] },
    ok: 200,
    request: async () => {
      const role = await getRoleById(editableRoleId);
      return {
        method: 'PATCH',
        path: `/role/${editableRoleId}`,
        body: { version: role?.version, description: `Changed ${Date.now()}` },
      };
    },
    snapshot: async () => (await getRoleById(editableRoleId))?.description,
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
