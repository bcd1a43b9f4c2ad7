import { beforeAll, describe, expect, it } from 'vitest';
import { roleModel } from '../../functions/role/model';
import { actorWith, createRole, createUser } from './factories';
import { admin, call, errorText, login, uniqueName } from './helpers';

let root: string;
beforeAll(async () => {
  root = await login(admin.email, admin.password);
});

const name = uniqueName;
type Role = { _id: string; name: string; status: string; version: number; modelPermissions: Record<string, string[]> };

describe('roles', () => {
  it('creates an enabled, editable role storing Edit:own as EditOwn', async () => {
    const res = await call<Role & { isEditable: boolean }>('POST', '/role/create', {
      token: root,
      body: { name: name('Desk'), description: 'News desk', modelPermissions: { Cms: ['Read', 'Edit:own', 'Read'] } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'Enable',
      isEditable: true,
      modelPermissions: { Cms: ['Read', 'EditOwn'] },
    });
  });

  it.each([
    [{ name: '', description: 'd' }, 'Name is required'],
    [{ name: 'x', description: '  ' }, 'Description is required'],
    [{ name: 'x', description: 'd', modelPermissions: { Payroll: ['Read'] } }, 'Unrecognized key: "Payroll"'],
    [{ name: 'x', description: 'd', modelPermissions: { Cms: ['Delete'] } }, 'Unknown permission action'],
  ])('refuses %o with 400', async (body, message) => {
    const res = await call('POST', '/role/create', { token: root, body });
    expect(res.status).toBe(400);
    expect(errorText(res)).toContain(message);
  });

  it('keeps names unique case-insensitively, on create and on rename, changing nothing on refusal', async () => {
    const first = await createRole({}, { name: name('Unique') });
    const dup = await call('POST', '/role/create', {
      token: root,
      body: { name: first.name.toUpperCase(), description: 'd' },
    });
    expect(dup.status).toBe(409);
    expect(errorText(dup)).toBe('Conflict: A role with this name already exists');
    const second = await createRole({}, { name: name('Other') });
    const rename = await call('PATCH', `/role/${second._id}`, { token: root, body: { version: 1, name: first.name } });
    expect(rename.status).toBe(409);
    expect((await roleModel.get(second._id))?.name).toBe(second.name);
  });

  it('renames a role to itself in other letter case, and to a new name, moving the name it holds', async () => {
    const role = await createRole({}, { name: name('Casing') });
    const recased = await call('PATCH', `/role/${role._id}`, {
      token: root,
      body: { version: 1, name: role.name.toUpperCase() },
    });
    expect(recased.status).toBe(200);
    const moved = name('Moved');
    const renamed = await call('PATCH', `/role/${role._id}`, { token: root, body: { version: 2, name: moved } });
    expect(renamed.status).toBe(200);
    // The old name is free again; the new one is held.
    expect(
      (await call('POST', '/role/create', { token: root, body: { name: role.name, description: 'd' } })).status,
    ).toBe(201);
    const taken = await call('POST', '/role/create', {
      token: root,
      body: { name: moved.toLowerCase(), description: 'd' },
    });
    expect(taken.status).toBe(409);
  });

  it('refuses a stale version and any change to a built-in role', async () => {
    const role = await createRole({}, { name: name('Stale') });
    expect(
      (await call('PATCH', `/role/${role._id}`, { token: root, body: { version: 1, description: 'one' } })).status,
    ).toBe(200);
    const stale = await call('PATCH', `/role/${role._id}`, { token: root, body: { version: 1, description: 'two' } });
    expect(stale.status).toBe(409);
    expect((await roleModel.get(role._id))?.description).toBe('one');

    const builtIn = await createRole({ Cms: ['Read'] }, { name: name('Built-in'), isEditable: false });
    const locked = await call('PATCH', `/role/${builtIn._id}`, {
      token: root,
      body: { version: 1, status: 'Disable' },
    });
    expect(locked.status).toBe(403);
    expect(errorText(locked)).toBe('Forbidden: This role is built in and cannot be changed');
    expect((await roleModel.get(builtIn._id))?.status).toBe('Enable');
  });

  it('applies permission changes and blocking on the holder’s next request, without signing them out', async () => {
    const role = await createRole({ Category: ['Read'] }, { name: name('Live') });
    const holder = await createUser({ roles: [role._id], password: 'Holder-Pass-1' });
    const token = await login(holder.email, 'Holder-Pass-1');
    expect((await call('GET', '/role', { token })).status).toBe(403);

    await call('PATCH', `/role/${role._id}`, {
      token: root,
      body: { version: 1, modelPermissions: { Role: ['Read'] } },
    });
    expect((await call('GET', '/role', { token })).status).toBe(200);

    const blocked = await call<Role>('PATCH', `/role/${role._id}`, {
      token: root,
      body: { version: 2, status: 'Disable' },
    });
    expect(blocked.body.data?.status).toBe('Disable');
    expect((await call('GET', '/role', { token })).status).toBe(403);
    const me = await call<{ modelPermissions: unknown }>('GET', '/user/me', { token });
    expect(me.body.data?.modelPermissions).toEqual({});

    const enabled = await call<{ list: Role[]; total: number }>('GET', '/role?status=Enable&all=true', { token: root });
    expect(enabled.body.data?.list.some((r) => r._id === role._id)).toBe(false);
    expect(enabled.body.data?.list.every((r) => r.status === 'Enable')).toBe(true);
  });

  it('counts totals per status from counters', async () => {
    const before = await call<{ total: number }>('GET', '/role?status=Disable&limit=1', { token: root });
    await createRole({}, { name: name('Counted'), status: 'Disable' });
    const after = await call<{ list: Role[]; total: number }>('GET', '/role?status=Disable&limit=1', { token: root });
    expect(after.body.data?.total).toBe((before.body.data?.total ?? 0) + 1);
    expect(after.body.data?.list).toHaveLength(1);
  });

  it('lets the user forms read enabled roles with Write on User, and stops escalation through roles', async () => {
    const manager = await actorWith({ User: ['Write'], Role: ['Write', 'Edit'] });
    expect((await call('GET', '/role?status=Enable&all=true', { token: manager.token })).status).toBe(200);

    const grab = await call('POST', '/role/create', {
      token: manager.token,
      body: { name: name('Grab'), description: 'd', modelPermissions: { Cms: ['Write'] } },
    });
    expect(grab.status).toBe(403);
    const own = await call('POST', '/role/create', {
      token: manager.token,
      body: { name: name('Own'), description: 'd', modelPermissions: { User: ['Write'] } },
    });
    expect(own.status).toBe(201);

    const strong = await createRole({ Cms: ['Write'] }, { name: name('Strong') });
    const weaken = await call('PATCH', `/role/${strong._id}`, {
      token: manager.token,
      body: { version: 1, description: 'x' },
    });
    expect(weaken.status).toBe(403);
  });
});
