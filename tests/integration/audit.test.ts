/**
 * The audit trail: changes to roles, users, the site and the home page are recorded with who, when,
 * from where and what changed; GET /audit filters them by actor, action and day, pages by cursor, checks its
 * query and answers super admins only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getLayoutItem } from '../../functions/home-layout/model';
import type { AuditEntry, AuditPage } from '../../shared/audit';
import { actorWith, createUser } from './factories';
import { admin, call, errorText, login, rootSession, uniqueName } from './helpers';
import { siteBodyOf, storedSite, withSiteRecord } from './site-fixture';

let root: string;
let rootId: string;

beforeAll(async () => {
  ({ token: root, id: rootId } = await rootSession());
});
withSiteRecord(() => root);

const unique = uniqueName;

async function audit(query: string, token = root): Promise<AuditPage> {
  const res = await call<AuditPage>('GET', `/audit?${query}`, { token });
  if (res.status !== 200) throw new Error(`GET /audit?${query}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as AuditPage;
}

/** The newest entry of `action` by `actorId` about `targetId`. */
async function entryFor(actorId: string, action: string, targetId: string): Promise<AuditEntry> {
  const { list } = await audit(`user=${actorId}&action=${action}&limit=100`);
  const entry = list.find((e) => e.targetId === targetId);
  if (!entry) throw new Error(`no ${action} entry for ${targetId}`);
  return entry;
}

/** Who and when and where, as every entry of a signed-in actor carries them. */
function expectStamped(entry: AuditEntry, actor: { _id: string; name: string }, since: number) {
  expect(entry).toMatchObject({ actorId: actor._id, actorName: actor.name, ip: expect.stringMatching(/\d|:/) });
  expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(since - 1000);
  expect(Date.parse(entry.at)).toBeLessThanOrEqual(Date.now() + 1000);
}

describe('what is recorded', () => {
  it('role created and changed: the fields set, then only the fields that changed', async () => {
    const manager = await actorWith({ Role: ['Write', 'Edit'], Cms: ['Read'] });
    const since = Date.now();
    const name = unique('Audited');
    const created = await call<{ _id: string }>('POST', '/role/create', {
      token: manager.token,
      body: { name, description: 'first', modelPermissions: { Cms: ['Read'] }, requiresTwoFactor: true },
    });
    const roleId = created.body.data?._id ?? '';
    const made = await entryFor(manager.user._id, 'roleCreated', roleId);
    expectStamped(made, manager.user, since);
    expect(made).toMatchObject({ targetType: 'role', targetName: name });
    expect(made.changes).toMatchObject({
      name: [null, name],
      description: [null, 'first'],
      modelPermissions: [null, { Cms: ['Read'] }],
      requiresTwoFactor: [null, true],
    });

    await call('PATCH', `/role/${roleId}`, {
      token: manager.token,
      body: { version: 1, description: 'second', requiresTwoFactor: false, modelPermissions: { Cms: ['Read'] } },
    });
    const changed = await entryFor(manager.user._id, 'roleUpdated', roleId);
    expectStamped(changed, manager.user, since);
    expect(changed.changes).toEqual({ description: ['first', 'second'], requiresTwoFactor: [true, false] });
  });

  it('user created, changed, blocked, unblocked, given a password and signed out', async () => {
    const since = Date.now();
    const email = `audited-${Date.now()}@example.com`;
    const created = await call<{ _id: string; version: number }>('POST', '/user', {
      token: root,
      body: {
        email,
        name: 'Audited',
        phone: '5550100',
        roles: [],
        password: 'Audit-Pass-1',
        confirmPassword: 'Audit-Pass-1',
      },
    });
    const userId = created.body.data?._id ?? '';
    const root_ = { _id: rootId, name: admin.name };
    const made = await entryFor(rootId, 'userCreated', userId);
    expectStamped(made, root_, since);
    expect(made).toMatchObject({ targetType: 'user', targetName: 'Audited' });
    expect(made.changes).toMatchObject({ email: [null, email], name: [null, 'Audited'], roles: [null, []] });
    expect(JSON.stringify(made)).not.toContain('Audit-Pass-1');

    await call('PATCH', '/user', {
      token: root,
      body: { _id: userId, version: 1, email, name: 'Renamed', phone: '5550100', roles: [] },
    });
    expect((await entryFor(rootId, 'userUpdated', userId)).changes).toEqual({ name: ['Audited', 'Renamed'] });

    await call('PATCH', '/user', { token: root, body: { _id: userId, version: 2, status: 'Disable' } });
    await call('PATCH', '/user', { token: root, body: { _id: userId, version: 3, status: 'Enable' } });
    await call('PATCH', '/user', {
      token: root,
      body: { _id: userId, password: 'Audit-Pass-2', confirmPassword: 'Audit-Pass-2' },
    });
    await call('DELETE', `/user/${userId}/sessions`, { token: root });
    for (const action of ['userBlocked', 'userUnblocked', 'passwordChanged', 'sessionsEnded']) {
      const entry = await entryFor(rootId, action, userId);
      expectStamped(entry, root_, since);
      expect(entry).toMatchObject({ targetType: 'user', targetName: 'Renamed' });
      expect(JSON.stringify(entry)).not.toContain('Audit-Pass-2');
    }
  });

  it('own password change and profile edit, as the user themself', async () => {
    const user = await createUser({ password: 'Own-Audit-1', name: 'Self' });
    const token = await login(user.email, 'Own-Audit-1');
    const since = Date.now();
    await call('PATCH', '/user', {
      token,
      body: { currentPassword: 'Own-Audit-1', password: 'Own-Audit-2', confirmPassword: 'Own-Audit-2' },
    });
    expectStamped(await entryFor(user._id, 'passwordChanged', user._id), user, since);
    await call('PATCH', '/user', { token, body: { version: 2, name: 'Self', phone: '5550123', city: 'Pune' } });
    const profile = await entryFor(user._id, 'userUpdated', user._id);
    expect(profile.changes).toEqual({ phone: [user.phone, '5550123'], city: ['', 'Pune'] });
  });

  it('site settings changed, with the fields that changed', async () => {
    const keeper = await actorWith({ Site: ['Edit'] });
    const site = await storedSite();
    const since = Date.now();
    const saved = await call('PATCH', `/site-management/${site._id}`, {
      token: keeper.token,
      body: siteBodyOf(site, { footerCopyright: `© ${since}` }),
    });
    expect(saved.status).toBe(200);
    const entry = await entryFor(keeper.user._id, 'siteUpdated', site._id);
    expectStamped(entry, keeper.user, since);
    expect(entry).toMatchObject({ targetType: 'site', targetName: site.siteName });
    expect(entry.changes).toEqual({ footerCopyright: [site.footerCopyright, `© ${since}`] });
  });

  it('home page changed, with the slots that changed', async () => {
    const curator = await actorWith({ Layout: ['Edit'] });
    await call('GET', '/layout/home', { token: curator.token });
    const layout = await getLayoutItem();
    if (!layout) throw new Error('no layout');
    const extra = { type: 'Video', articles: [], name: 'Audit check', template: 'template-1', color: '#112233' };
    const since = Date.now();
    const save = (version: number, sections: unknown[]) =>
      call('PATCH', `/layout/${layout._id}`, {
        token: curator.token,
        body: { version, body: { ...layout.body, sections } },
      });
    expect((await save(layout.version, [...layout.body.sections, extra])).status).toBe(200);
    const entry = await entryFor(curator.user._id, 'layoutUpdated', layout._id);
    expectStamped(entry, curator.user, since);
    expect(entry.targetType).toBe('layout');
    expect(Object.keys(entry.changes ?? {})).toEqual(['sections']);
    expect(entry.changes?.sections?.[1]).toEqual([...layout.body.sections, { ...extra, category: null }]);
    // Put the page back as it was.
    expect((await save(layout.version + 1, layout.body.sections)).status).toBe(200);
  });

  it('nothing for a refused change', async () => {
    const intruder = await actorWith({ Cms: ['Write'] });
    const site = await storedSite();
    await call('PATCH', `/site-management/${site._id}`, { token: intruder.token, body: siteBodyOf(site) });
    await call('POST', '/role/create', { token: intruder.token, body: { name: unique('No'), description: 'd' } });
    const entries = (await audit(`user=${intruder.user._id}`)).list;
    expect(entries.map((e) => e.action)).toEqual(['signIn']);
  });
});

describe('GET /audit', () => {
  let actor: { user: { _id: string; name: string }; token: string };
  const roleIds: string[] = [];

  beforeAll(async () => {
    actor = await actorWith({ Role: ['Write', 'Edit'] });
    for (const tag of ['one', 'two', 'three']) {
      const res = await call<{ _id: string }>('POST', '/role/create', {
        token: actor.token,
        body: { name: unique(`Paged ${tag}`), description: tag },
      });
      roleIds.push(res.body.data?._id ?? '');
    }
    await call('PATCH', `/role/${roleIds[0]}`, { token: actor.token, body: { version: 1, description: 'changed' } });
  });

  /** The actor's role entries (their sign-in is recorded too), newest first. */
  const roleEntries = (page: AuditPage) => page.list.filter((e) => e.action !== 'signIn');

  it('filters by actor, newest first, and by actor and action together', async () => {
    const mine = await audit(`user=${actor.user._id}`);
    expect(mine.list.every((e) => e.actorId === actor.user._id)).toBe(true);
    expect(roleEntries(mine).map((e) => [e.action, e.targetId])).toEqual([
      ['roleUpdated', roleIds[0]],
      ['roleCreated', roleIds[2]],
      ['roleCreated', roleIds[1]],
      ['roleCreated', roleIds[0]],
    ]);
    expect(mine.list.map((e) => e.at)).toEqual(
      mine.list
        .map((e) => e.at)
        .sort()
        .reverse(),
    );
    expect(mine.next).toBeUndefined();
    const created = await audit(`user=${actor.user._id}&action=roleCreated`);
    expect(created.list.map((e) => e.targetId)).toEqual([roleIds[2], roleIds[1], roleIds[0]]);
  });

  it('filters by action across actors, and by day', async () => {
    const updates = await audit('action=roleUpdated&limit=100');
    expect(updates.list.length).toBeGreaterThan(0);
    expect(updates.list.every((e) => e.action === 'roleUpdated')).toBe(true);
    expect(updates.list.some((e) => e.targetId === roleIds[0] && e.actorId === actor.user._id)).toBe(true);

    const mine = await audit(`user=${actor.user._id}`);
    const day = (mine.list[0] as AuditEntry).at.slice(0, 10);
    const thatDay = await audit(`user=${actor.user._id}&day=${day}`);
    expect(thatDay.list).toEqual(mine.list.filter((e) => e.at.startsWith(day)));
    const everyoneThatDay = await audit(`day=${day}&limit=100`);
    expect(everyoneThatDay.list.length).toBeGreaterThan(0);
    expect(everyoneThatDay.list.every((e) => e.at.startsWith(day))).toBe(true);
    expect((await audit(`user=${actor.user._id}&day=2001-01-01`)).list).toEqual([]);
    expect((await audit('action=roleCreated&day=2001-01-01')).list).toEqual([]);
  });

  it('pages with the cursor until the entries end', async () => {
    const all = await audit(`user=${actor.user._id}`);
    expect(all.list.length).toBeGreaterThan(3);
    const first = await audit(`user=${actor.user._id}&limit=3`);
    expect(first.list).toEqual(all.list.slice(0, 3));
    expect(first.next).toEqual(expect.any(String));
    const second = await audit(`user=${actor.user._id}&limit=3&cursor=${encodeURIComponent(first.next ?? '')}`);
    expect(second.list).toEqual(all.list.slice(3, 6));
    if (all.list.length < 6) expect(second.next).toBeUndefined();
  });

  it.each([
    ['user=someone', 'user must be a user’s record id'],
    ['action=deleteEverything', 'action must be one of'],
    ['day=2026-02-30', 'Enter the day as YYYY-MM-DD'],
    ['day=20260101', 'Enter the day as YYYY-MM-DD'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=ten', 'limit must be a whole number from 1 to 100'],
    ['cursor=not-a-cursor', 'cursor is not valid'],
    [`cursor=${Buffer.from('{"pk":"USER#x","sk":"SESSION#y"}').toString('base64url')}`, 'cursor is not valid'],
  ])('answers 400 to %s', async (query, message) => {
    const res = await call('GET', `/audit?${query}`, { token: root });
    expect(res.status).toBe(400);
    expect(errorText(res)).toContain(message);
  });

  it('answers super admins only', async () => {
    const everything = await actorWith({
      User: ['Read', 'Write', 'Edit', 'EditOwn'],
      Role: ['Read', 'Write', 'Edit', 'EditOwn'],
      Site: ['Read', 'Edit'],
      Layout: ['Read', 'Edit'],
    });
    const refused = await call('GET', '/audit', { token: everything.token });
    expect(refused.status).toBe(403);
    expect(refused.body).not.toHaveProperty('data');
    expect((await call('GET', '/audit')).status).toBe(401);
    expect((await call('GET', '/audit?limit=1', { token: root })).status).toBe(200);
  });
});
