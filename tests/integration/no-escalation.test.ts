/**
 * Nobody becomes more than they are (CONTRACT.md §6, "No escalation"), generated over actor × target × action
 * against the real API. What is expected is worked out here from the grids themselves, not by the rule's code:
 * an actor may change a user only when they hold every permission the user's roles grant (disabled roles too),
 * a super admin only when they are one too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getTwoFactor } from '../../functions/two-factor/model';
import { getUserById, type UserRecord } from '../../functions/user/model';
import type { Action, ModelPermissions, Resource } from '../../shared/permissions';
import { actorWith, createRole, createUser, enrolTwoFactor } from './factories';
import { call, errorText, login, rootSession } from './helpers';

type Grid = Partial<Record<Resource, Action[]>>;

const FULL: Action[] = ['Read', 'Write', 'Edit'];

/** Who acts: each holds User Edit (without it every call is refused at the gate, which access-matrix covers). */
const ACTORS: Record<string, Grid | 'super admin'> = {
  'a user editor (User Read, Edit)': { User: ['Read', 'Edit'] },
  'a user and role editor': { User: FULL, Role: FULL },
  'a newsroom admin (User, Role, Article, Site, Home Page)': {
    User: FULL,
    Role: FULL,
    Cms: ['Read', 'Write', 'Edit', 'Remove'],
    Site: ['Read', 'Edit'],
    Layout: ['Read', 'Edit'],
  },
  'a super admin': 'super admin',
};

interface TargetKind {
  roles: Array<{ grid: Grid; enabled: boolean }>;
  superAdmin?: boolean;
}

/** Whom they act on. */
const TARGETS: Record<string, TargetKind> = {
  'a user with no role': { roles: [] },
  'a reporter (Article Read, Write)': { roles: [{ grid: { Cms: ['Read', 'Write'] }, enabled: true }] },
  'a peer (User Read, Edit)': { roles: [{ grid: { User: ['Read', 'Edit'] }, enabled: true }] },
  'a powerful editor (Role, User, Article, Site, Home Page)': {
    roles: [
      { grid: { Role: FULL, User: ['Read', 'Edit'] }, enabled: true },
      { grid: { Cms: ['Read', 'Write', 'Edit'], Site: ['Edit'], Layout: ['Edit'] }, enabled: true },
    ],
  },
  'the holder of a disabled role granting Role Edit': {
    roles: [
      { grid: { User: ['Read'] }, enabled: true },
      { grid: { Role: ['Edit'] }, enabled: false },
    ],
  },
  'a super admin': { roles: [], superAdmin: true },
};

const ACTIONS = ['edit', 'end sessions', 'reset two-factor', 'set password', 'block'] as const;
type ActionName = (typeof ACTIONS)[number];

/** The expectation, from the grids alone. */
function mayChange(actor: Grid | 'super admin', target: TargetKind): boolean {
  if (actor === 'super admin') return true;
  if (target.superAdmin) return false;
  return target.roles.every(({ grid }) =>
    Object.entries(grid).every(([resource, actions]) =>
      actions.every((action) => (actor[resource as Resource] ?? []).includes(action)),
    ),
  );
}

let root: string;
beforeAll(async () => {
  ({ token: root } = await rootSession());
});

async function signedInActor(grid: Grid | 'super admin'): Promise<string> {
  if (grid === 'super admin') {
    const user = await createUser({ isSuperAdmin: true, password: 'Super-Pass-1' });
    return login(user.email, 'Super-Pass-1');
  }
  return (await actorWith(grid as ModelPermissions)).token;
}

/** A fresh target, signed in once (a session to end) and with a second factor (one to reset). */
async function makeTarget(kind: TargetKind, label: string): Promise<UserRecord> {
  const roles = await Promise.all(
    kind.roles.map(({ grid, enabled }) => createRole(grid, { status: enabled ? 'Enable' : 'Disable' })),
  );
  const user = await createUser({
    name: `Target ${label}`,
    roles: roles.map((r) => r._id),
    isSuperAdmin: kind.superAdmin === true,
    password: 'Target-Pass-1',
  });
  await login(user.email, 'Target-Pass-1');
  await enrolTwoFactor(user._id);
  return user;
}

async function attempt(action: ActionName, token: string, target: UserRecord) {
  const current = (await getUserById(target._id)) as UserRecord;
  switch (action) {
    case 'edit':
      return call('PATCH', '/user', {
        token,
        body: {
          _id: current._id,
          version: current.version,
          name: 'Renamed By Someone',
          email: `taken-over-${current._id.toLowerCase()}@example.com`,
          phone: current.phone,
          roles: current.roles,
        },
      });
    case 'end sessions':
      return call('DELETE', `/user/${current._id}/sessions`, { token });
    case 'reset two-factor':
      return call('DELETE', `/user/${current._id}/two-factor`, { token });
    case 'set password':
      return call('PATCH', '/user', {
        token,
        body: { _id: current._id, password: 'Taken-Over-9', confirmPassword: 'Taken-Over-9' },
      });
    case 'block':
      return call('PATCH', '/user', { token, body: { _id: current._id, version: current.version, status: 'Disable' } });
  }
}

describe.each(Object.entries(ACTORS))('%s', (actorLabel, actorGrid) => {
  let token: string;
  beforeAll(async () => {
    token = await signedInActor(actorGrid);
  });

  it.each(Object.entries(TARGETS))(`acting on %s`, async (targetLabel, kind) => {
    const target = await makeTarget(kind, targetLabel);
    const allowed = mayChange(actorGrid, kind);
    for (const action of ACTIONS) {
      const before = (await getUserById(target._id)) as UserRecord;
      const res = await attempt(action, token, target);
      const after = (await getUserById(target._id)) as UserRecord;
      const seen = `${actorLabel} → ${targetLabel}: ${action}`;
      if (allowed) {
        expect(res.status, seen).toBe(200);
        continue;
      }
      expect(res.status, seen).toBe(403);
      expect(errorText(res), seen).toMatch(
        kind.superAdmin
          ? /^Forbidden: Only a super admin can change a super admin$/
          : /^Forbidden: You cannot change Target .+: their roles grant \S+ on .+, which you do not hold$/,
      );
      expect(after, seen).toEqual(before);
    }
    if (!allowed) {
      expect((await getTwoFactor(target._id))?.enabled).toBe(true);
      // The target still signs in with their own password: nothing of theirs was taken.
      const res = await call('POST', '/auth/login', { body: { email: target.email, password: 'Target-Pass-1' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ twoFactorRequired: true });
    } else {
      expect(await getTwoFactor(target._id)).toBeUndefined();
      expect(await getUserById(target._id)).toMatchObject({ status: 'Disable', name: 'Renamed By Someone' });
    }
  });
});

describe('roles: nobody hands out what they do not hold', () => {
  const GRIDS: Grid[] = Object.values(TARGETS).flatMap((t) => t.roles.map((r) => r.grid));

  it.each(Object.entries(ACTORS).filter(([, g]) => g !== 'super admin' && g.Role))(
    '%s creates, edits and assigns only roles within their own',
    async (_label, actorGrid) => {
      const actor = await actorWith(actorGrid as ModelPermissions);
      const subject = await createUser();
      for (const grid of GRIDS) {
        const allowed = mayChange(actorGrid as Grid, { roles: [{ grid, enabled: true }] });
        const created = await call('POST', '/role/create', {
          token: actor.token,
          body: { name: `Made ${Math.random()}`, description: 'by the matrix', modelPermissions: grid },
        });
        expect(created.status, JSON.stringify(grid)).toBe(allowed ? 201 : 403);

        const existing = await createRole(grid);
        const edited = await call('PATCH', `/role/${existing._id}`, {
          token: actor.token,
          body: { version: existing.version, description: 'edited by the matrix' },
        });
        expect(edited.status, JSON.stringify(grid)).toBe(allowed ? 200 : 403);

        const fresh = (await getUserById(subject._id)) as UserRecord;
        const assigned = await call('PATCH', '/user', {
          token: actor.token,
          body: {
            _id: fresh._id,
            version: fresh.version,
            name: fresh.name,
            email: fresh.email,
            phone: fresh.phone,
            roles: [existing._id],
          },
        });
        expect(assigned.status, JSON.stringify(grid)).toBe(allowed ? 200 : 403);
        if (!allowed)
          expect(errorText(assigned)).toMatch(/^Forbidden: You cannot grant \S+ on .+: you do not hold it yourself$/);
        // Back to no role, so the next grid starts from the same user.
        const now = (await getUserById(subject._id)) as UserRecord;
        await call('PATCH', '/user', {
          token: root,
          body: { _id: now._id, version: now.version, name: now.name, email: now.email, phone: now.phone, roles: [] },
        });
      }
    },
  );
});

describe('a role’s two-factor requirement', () => {
  const ADMIN_GRID: Grid = { User: FULL, Role: FULL };

  it('cannot be lifted by someone who holds the role, by unticking it or by disabling the role', async () => {
    const role = await createRole(ADMIN_GRID, { requiresTwoFactor: true });
    const holder = await createUser({ roles: [role._id], password: 'Holder-Pass-1' });
    // Signed in, then their second factor set up, so the requirement lets them work.
    const token = await login(holder.email, 'Holder-Pass-1');
    await enrolTwoFactor(holder._id);

    for (const change of [{ requiresTwoFactor: false }, { status: 'Disable' }]) {
      const res = await call('PATCH', `/role/${role._id}`, { token, body: { version: role.version, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(403);
      expect(errorText(res)).toBe(
        'Forbidden: You hold this role, so you cannot lift its two-factor requirement; ask another admin',
      );
    }
    // Nor can the holder leave the role to escape it: one's own PATCH /user is the profile, which takes no roles.
    const self = (await getUserById(holder._id)) as UserRecord;
    await call('PATCH', '/user', {
      token,
      body: { _id: self._id, version: self.version, name: self.name, email: self.email, phone: self.phone, roles: [] },
    });
    expect((await getUserById(holder._id))?.roles).toEqual([role._id]);

    // Someone outside the role who holds all it grants may lift it; raising it again is anyone's who may edit it.
    const outsider = await actorWith(ADMIN_GRID as ModelPermissions);
    const lifted = await call('PATCH', `/role/${role._id}`, {
      token: outsider.token,
      body: { version: role.version, requiresTwoFactor: false },
    });
    expect(lifted.status).toBe(200);
    const raised = await call<{ version: number }>('PATCH', `/role/${role._id}`, {
      token,
      body: { version: role.version + 1, requiresTwoFactor: true },
    });
    expect(raised.status).toBe(200);
  });
});
