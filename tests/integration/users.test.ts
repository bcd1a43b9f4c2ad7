import { beforeAll, describe, expect, it } from 'vitest';
import { bcryptCost, checkPassword } from '../../functions/lib/passwords';
import { getUserById } from '../../functions/user/model';
import { actorWith, createRole, createUser } from './factories';
import { admin, call, errorText, login } from './helpers';

let root: string;
beforeAll(async () => {
  root = await login(admin.email, admin.password);
});

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  name: 'New Person',
  phone: '+91 98765 43210',
  roles: [],
  password: 'New-Person-1',
  confirmPassword: 'New-Person-1',
  ...extra,
});

describe('creating users', () => {
  it('lets exactly one of two concurrent creates with one email (in any case) succeed', async () => {
    const email = unique('race');
    const [a, b] = await Promise.all([
      call('POST', '/user', { token: root, body: newUser(email) }),
      call('POST', '/user', { token: root, body: newUser(email.toUpperCase()) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(errorText(a.status === 409 ? a : b)).toBe('Conflict: Email already exists');
    const list = await call<{ list: { email: string }[] }>('GET', '/user?all=true', { token: root });
    expect(list.body.data?.list.filter((u) => u.email.toLowerCase() === email).length).toBe(1);
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: 'nope' }, 'Email is not valid'],
    [{ name: ' ' }, 'Name is required'],
    [{ phone: '' }, 'Phone Number is required'],
    [{ password: '', confirmPassword: '' }, 'Password is required'],
    [{ confirmPassword: '' }, 'Please retype your password.'],
    [{ confirmPassword: 'Different-1' }, 'Your passwords do not match.'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ roles: ['not-an-id'] }, 'Not a valid record id'],
    [{ roles: ['01J00000000000000000000000'] }, 'One of the selected roles does not exist'],
  ])("refuses %o with the contract's message and writes nothing", async (override, message) => {
    const email = unique('invalid');
    const res = await call('POST', '/user', { token: root, body: newUser(email, override) });
    expect(res.status).toBe(400);
    expect(errorText(res)).toBe(`ValidationError: ${message}`);
  });

  it('ignores forged fields: no super admin, no status, no hash from the client', async () => {
    const email = unique('forged');
    const res = await call<{ _id: string; isSuperAdmin: boolean }>('POST', '/user', {
      token: root,
      body: newUser(email, { isSuperAdmin: true, status: 'Disable', passwordHash: 'x', tokenVersion: 99 }),
    });
    expect(res.status).toBe(201);
    const stored = await getUserById(res.body.data?._id ?? '');
    expect(stored).toMatchObject({ isSuperAdmin: false, status: 'Enable', tokenVersion: 0 });
    // The server's own hash of the password sent, at the stack's cost (12 in Lambda: tests/unit/passwords.test.ts).
    const cost = String(bcryptCost()).padStart(2, '0');
    expect(stored?.passwordHash).toMatch(new RegExp(`^\\$2[aby]\\$${cost}\\$`));
    expect(await checkPassword('New-Person-1', stored?.passwordHash ?? '')).toBe(true);
    expect(res.body.data).not.toHaveProperty('passwordHash');
  });

  it('refuses to assign a blocked role, and a role granting more than the creator holds', async () => {
    const blocked = await createRole({ Cms: ['Read'] }, { status: 'Disable' });
    const res = await call('POST', '/user', {
      token: root,
      body: newUser(unique('blockedrole'), { roles: [blocked._id] }),
    });
    expect(res.status).toBe(400);
    expect(errorText(res)).toBe(`ValidationError: The role ${blocked.name} is blocked and cannot be assigned`);

    const manager = await actorWith({ User: ['Read', 'Write', 'Edit'] });
    const powerful = await createRole({ Cms: ['Write'] });
    const escalation = await call('POST', '/user', {
      token: manager.token,
      body: newUser(unique('escalate'), { roles: [powerful._id] }),
    });
    expect(escalation.status).toBe(403);
    expect(errorText(escalation)).toBe('Forbidden: You cannot grant Write on Article: you do not hold it yourself');
    const modest = await createRole({ User: ['Read'] });
    const fine = await call('POST', '/user', {
      token: manager.token,
      body: newUser(unique('modest'), { roles: [modest._id] }),
    });
    expect(fine.status).toBe(201);
  });
});

describe('listing users', () => {
  it('pages newest first with the total from the counter, and role names joined in', async () => {
    const role = await createRole({ Cms: ['Read'] }, { name: `Listed ${Date.now()}` });
    const made = await createUser({ roles: [role._id], name: 'Newest Listed' });
    const res = await call<{ list: { _id: string; roles: { name: string }[] }[]; total: number }>(
      'GET',
      '/user?page=1&limit=5',
      { token: root },
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.list).toHaveLength(5);
    expect(res.body.data?.list[0]).toMatchObject({ _id: made._id, roles: [{ _id: role._id, name: role.name }] });
    expect(res.body.data?.list[0]).not.toHaveProperty('passwordHash');
    const all = await call<{ list: unknown[]; total: number }>('GET', '/user?all=true', { token: root });
    expect(res.body.data?.total).toBe(all.body.data?.total);
    const page2 = await call<{ list: { _id: string }[] }>('GET', '/user?page=2&limit=5', { token: root });
    const firstIds = new Set(res.body.data?.list.map((u) => u._id));
    expect(page2.body.data?.list.some((u) => firstIds.has(u._id))).toBe(false);
  });

  it('gives pickers only ids and names (emails only to user readers), but the full list only with Edit on User', async () => {
    const writer = await actorWith({ Cms: ['Write'] });
    const picker = await call<{ list: Record<string, unknown>[] }>('GET', '/user?all=true', { token: writer.token });
    expect(picker.status).toBe(200);
    expect(Object.keys(picker.body.data?.list[0] ?? {}).sort()).toEqual(['_id', 'name']);
    const editor = await actorWith({ User: ['Edit'] });
    const full = await call<{ list: Record<string, unknown>[] }>('GET', '/user?all=true', { token: editor.token });
    expect(Object.keys(full.body.data?.list[0] ?? {}).sort()).toEqual(['_id', 'email', 'name']);
    expect((await call('GET', '/user', { token: writer.token })).status).toBe(403);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await call('GET', '/user/01J00000000000000000000000', { token: root })).status).toBe(404);
    expect((await call('GET', '/user/..%2Fetc', { token: root })).status).toBe(404);
  });
});

describe('editing, blocking and passwords', () => {
  it('refuses a stale version with 409 and changes nothing', async () => {
    const user = await createUser();
    const body = {
      _id: user._id,
      version: user.version,
      email: user.email,
      name: 'First',
      phone: user.phone,
      roles: [],
    };
    expect((await call('PATCH', '/user', { token: root, body })).status).toBe(200);
    const stale = await call('PATCH', '/user', { token: root, body: { ...body, name: 'Second' } });
    expect(stale.status).toBe(409);
    expect(errorText(stale)).toMatch(/^Conflict: This record was changed by someone else/);
    expect((await getUserById(user._id))?.name).toBe('First');
  });

  it('moves the email atomically: the new one signs in, the old one is free, a taken one is refused', async () => {
    const user = await createUser({ password: 'Moving-Pass-1' });
    const other = await createUser();
    const base = { _id: user._id, email: user.email, name: user.name, phone: user.phone, roles: [] };
    const taken = await call('PATCH', '/user', {
      token: root,
      body: { ...base, version: 1, email: other.email.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(errorText(taken)).toBe('Conflict: Email already exists');
    const moved = unique('moved');
    expect((await call('PATCH', '/user', { token: root, body: { ...base, version: 1, email: moved } })).status).toBe(
      200,
    );
    await expect(login(moved, 'Moving-Pass-1')).resolves.toBeTruthy();
    const reuse = await call('POST', '/user', { token: root, body: newUser(user.email) });
    expect(reuse.status).toBe(201);
  });

  it('blocks for real: tokens stop working and sign-in is refused; unblocking lets the user back in', async () => {
    const user = await createUser({ password: 'Block-Pass-1' });
    const token = await login(user.email, 'Block-Pass-1');
    const blocked = await call<{ status: string; version: number }>('PATCH', '/user', {
      token: root,
      body: { _id: user._id, version: 1, status: 'Disable' },
    });
    expect(blocked.body.data?.status).toBe('Disable');
    expect((await call('GET', '/user/me', { token })).status).toBe(401);
    const refused = await call('POST', '/auth/login', { body: { email: user.email, password: 'Block-Pass-1' } });
    expect(errorText(refused)).toBe('AuthError: This account is blocked; please contact admin');
    await call('PATCH', '/user', { token: root, body: { _id: user._id, version: 2, status: 'Enable' } });
    await expect(login(user.email, 'Block-Pass-1')).resolves.toBeTruthy();
  });

  it('does not let anyone block themselves, nor anyone but a super admin touch a super admin', async () => {
    const me = await getUserById(
      (await call<{ _id: string }>('GET', '/user/me', { token: root })).body.data?._id ?? '',
    );
    const self = await call('PATCH', '/user', {
      token: root,
      body: { _id: me?._id, version: me?.version, status: 'Disable' },
    });
    expect(self.status).toBe(400);
    const manager = await actorWith({ User: ['Edit'] });
    const res = await call('PATCH', '/user', {
      token: manager.token,
      body: { _id: me?._id, password: 'Hijack-Pass-1', confirmPassword: 'Hijack-Pass-1' },
    });
    expect(res.status).toBe(403);
    expect(errorText(res)).toBe('Forbidden: Only a super admin can change a super admin');
    await expect(login(admin.email, admin.password)).resolves.toBeTruthy();
  });

  it('ends the user’s sessions when an admin changes their password', async () => {
    const user = await createUser({ password: 'Before-Pass-1' });
    const token = await login(user.email, 'Before-Pass-1');
    const res = await call('PATCH', '/user', {
      token: root,
      body: { _id: user._id, password: 'After-Pass-1', confirmPassword: 'After-Pass-1' },
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/user/me', { token })).status).toBe(401);
    await expect(login(user.email, 'After-Pass-1')).resolves.toBeTruthy();
  });

  it('own password change needs the current password, ends every other session and hands back a fresh token', async () => {
    const user = await createUser({ password: 'Own-Before-1' });
    const tabA = await login(user.email, 'Own-Before-1');
    const tabB = await login(user.email, 'Own-Before-1');
    const body = { password: 'Own-After-12', confirmPassword: 'Own-After-12' };
    const without = await call('PATCH', '/user', { token: tabA, body });
    expect(errorText(without)).toBe('ValidationError: Enter your current password');
    const res = await call<{ token: string }>('PATCH', '/user', {
      token: tabA,
      body: { ...body, currentPassword: 'Own-Before-1' },
    });
    expect(res.status).toBe(200);
    // The session that changed it carries on (its old token too); every other one has ended.
    expect((await call('GET', '/user/me', { token: tabA })).status).toBe(200);
    expect((await call('GET', '/user/me', { token: tabB })).status).toBe(401);
    expect((await call('GET', '/user/me', { token: res.body.data?.token })).status).toBe(200);
    await expect(login(user.email, 'Own-After-12')).resolves.toBeTruthy();
  });

  it('updates the own profile and ignores roles, status, super admin and token fields sent with it', async () => {
    const role = await createRole({ User: ['Read', 'Write', 'Edit'], Role: ['Read', 'Write', 'Edit'] });
    const user = await createUser({ password: 'Profile-Pass-1' });
    const token = await login(user.email, 'Profile-Pass-1');
    const res = await call<{ name: string; city: string; modelPermissions: unknown }>('PATCH', '/user', {
      token,
      body: {
        _id: user._id,
        version: 1,
        name: 'Renamed',
        phone: '5550199',
        city: 'Pune',
        pincode: '411001',
        roles: [role._id],
        isSuperAdmin: true,
        status: undefined,
        tokenVersion: 0,
        passwordHash: 'x',
        email: 'stolen@example.com',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', city: 'Pune', modelPermissions: {} });
    const stored = await getUserById(user._id);
    expect(stored).toMatchObject({ roles: [], email: user.email, passwordHash: user.passwordHash, tokenVersion: 0 });
    expect(stored?.isSuperAdmin).not.toBe(true);
    expect((await call('GET', '/user/me', { token })).status).toBe(200);
  });
});
