/**
 * Least privilege, against the real API: each attack a staff account with too little permission
 * could try is refused, what it tried to change stays as it was, and holders of the right grant still get in.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { getLayoutItem } from '../../functions/home-layout/model';
import { db, tableName } from '../../functions/lib/db/client';
import { findRoleIdsByNames, roleModel } from '../../functions/role/model';
import { getSite } from '../../functions/site-management/model';
import { getTwoFactor } from '../../functions/two-factor/model';
import { getUserById, type UserRecord } from '../../functions/user/model';
import { ADMINISTRATOR_ROLE, seedSystemRoles } from '../../infra/local/setup';
import {
  actorWith,
  articleFields,
  createCategory,
  createRole,
  createUser,
  enrolTwoFactor,
  postArticle,
} from './factories';
import { call, errorText, login, rootSession, uniqueName, uploadFile } from './helpers';
import { siteBodyOf, siteForm, storedSite, withSiteRecord } from './site-fixture';

let root: string;
let rootId: string;

beforeAll(async () => {
  ({ token: root, id: rootId } = await rootSession());
});
withSiteRecord(() => root);

/** What an account change would touch (sign-in may note other things on the record). */
const unchanged = (user: UserRecord) => ({
  passwordHash: user.passwordHash,
  tokenVersion: user.tokenVersion,
  version: user.version,
  status: user.status,
});
const keysOf = (list: Record<string, unknown>[] | undefined) => [...new Set((list ?? []).flatMap(Object.keys))].sort();

describe('the user picker (GET /user?all=true)', () => {
  it('gives ids and names only to a caller who may not read users', async () => {
    const contributor = await actorWith({ Cms: ['Write'] });
    const res = await call<{ list: Record<string, unknown>[] }>('GET', '/user?all=true', { token: contributor.token });
    expect(res.status).toBe(200);
    expect(res.body.data?.list.length).toBeGreaterThan(0);
    expect(keysOf(res.body.data?.list)).toEqual(['_id', 'name']);
  });

  it('adds emails for super admins and holders of Read or Edit on User', async () => {
    const editor = await actorWith({ User: ['Edit'] });
    // The route itself is open to User:Edit and article writers (whose author picker it feeds).
    const reader = await actorWith({ User: ['Read'], Cms: ['Write'] });
    for (const token of [root, editor.token, reader.token]) {
      const res = await call<{ list: Record<string, unknown>[] }>('GET', '/user?all=true', { token });
      expect(res.status).toBe(200);
      expect(keysOf(res.body.data?.list)).toEqual(['_id', 'email', 'name']);
    }
  });
});

describe('Edit:own on clients covers reading one', () => {
  it('lets an Edit:own-only holder open the clients they added and no other', async () => {
    const owner = await actorWith({ Client: ['Write', 'EditOwn'] });
    const created = await call<{ _id: string }>('POST', '/client', { token: owner.token, body: { name: 'Own Ltd' } });
    expect(created.status).toBe(201);
    const id = created.body.data?._id;
    const neighbour = await actorWith({ Client: ['EditOwn'] });

    expect((await call('GET', `/client/${id}`, { token: owner.token })).status).toBe(200);
    const refused = await call('GET', `/client/${id}`, { token: neighbour.token });
    expect(refused.status).toBe(403);
    expect(refused.body).not.toHaveProperty('data');
    for (const grant of [['Read'], ['Edit']]) {
      const other = await actorWith({ Client: grant as ['Read'] });
      expect((await call('GET', `/client/${id}`, { token: other.token })).status).toBe(200);
    }
  });
});

describe('asset details (GET /asset/{id})', () => {
  it('go to the uploader, Read on Asset and super admins; anyone else gets 403', async () => {
    const uploader = await actorWith({ Cms: ['Write'] });
    const id = await uploadFile(uploader.token, 'cover-image');
    const assetReader = await actorWith({ Asset: ['Read'] });
    const stranger = await actorWith({ Cms: ['Write', 'Edit'] });

    for (const token of [uploader.token, assetReader.token, root]) {
      const res = await call<{ _id: string }>('GET', `/asset/${id}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.data?._id).toBe(id);
    }
    const refused = await call('GET', `/asset/${id}`, { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body).not.toHaveProperty('data');
  });

  it('are not needed by a site editor: the site carries its logo’s name', async () => {
    const logo = await uploadFile(root, 'site-logo');
    const keeper = await actorWith({ Site: ['Edit'] });
    const site = await storedSite();
    const saved = await call<{ siteLogo: unknown }>('PATCH', `/site-management/${site._id}`, {
      token: keeper.token,
      body: siteBodyOf(site, { siteLogo: logo }),
    });
    expect(saved.body.data?.siteLogo).toMatchObject({ _id: logo, name: 'image.png', url: expect.any(String) });
    const read = await call<{ siteLogo: unknown }>('GET', '/site-management', { token: keeper.token });
    expect(read.body.data?.siteLogo).toMatchObject({ _id: logo, name: 'image.png' });
    expect((await call('GET', `/asset/${logo}`, { token: keeper.token })).status).toBe(403);
  });
});

describe('site settings and the home page need their own grant to change', () => {
  const emptyLayout = { headlines: [], topStory: [], coverStory: null, sections: [] };

  it('refuses a user without it with 403, whatever the body, and changes nothing', async () => {
    const nobody = await actorWith({});
    const readers = await actorWith({ Site: ['Read'], Layout: ['Read'], Cms: ['Edit'] });
    const home = (await call<{ _id: string }>('GET', '/layout/home', { token: root })).body.data;
    const layoutBefore = await getLayoutItem();
    const site = await storedSite();

    for (const { token } of [nobody, readers]) {
      const attempts = [
        call('PATCH', `/layout/${home?._id}`, { token }),
        call('PATCH', `/layout/${home?._id}`, { token, body: {} }),
        call('PATCH', `/layout/${home?._id}`, { token, body: { version: layoutBefore?.version } }),
        call('PATCH', `/layout/${home?._id}`, { token, body: { version: layoutBefore?.version, body: emptyLayout } }),
        call('PATCH', `/site-management/${site._id}`, { token }),
        call('PATCH', `/site-management/${site._id}`, { token, body: { siteName: 'Hijacked' } }),
        call('PATCH', `/site-management/${site._id}`, { token, body: siteBodyOf(site, { siteName: 'Hijacked' }) }),
        call('POST', '/site-management', { token, body: {} }),
        call('POST', '/site-management', { token, body: siteForm({ siteName: 'Hijacked' }) }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403);
        expect(errorText(res)).toMatch(/^Forbidden: /);
      }
    }
    expect(await getLayoutItem()).toEqual(layoutBefore);
    expect(await getSite()).toEqual(site);
  });

  it('lets a holder of Edit on Layout save the home page and of Edit on Site save the site', async () => {
    const curator = await actorWith({ Layout: ['Read', 'Edit'] });
    await call('GET', '/layout/home', { token: curator.token });
    const layout = await getLayoutItem();
    if (!layout) throw new Error('no layout');
    const saved = await call<{ version: number }>('PATCH', `/layout/${layout._id}`, {
      token: curator.token,
      body: { version: layout.version, body: layout.body },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data?.version).toBe(layout.version + 1);
    expect((await getLayoutItem())?.updatedBy).toBe(curator.user._id);

    const siteKeeper = await actorWith({ Site: ['Edit'] });
    const site = await storedSite();
    const siteSaved = await call<{ version: number }>('PATCH', `/site-management/${site._id}`, {
      token: siteKeeper.token,
      body: siteBodyOf(site),
    });
    expect(siteSaved.status).toBe(200);
    expect(siteSaved.body.data).toMatchObject({ _id: site._id, siteName: site.siteName, version: site.version + 1 });
    // Reading stays open to everyone signed in.
    const nobody = await actorWith({});
    expect((await call('GET', '/site-management', { token: nobody.token })).status).toBe(200);
    expect((await call('GET', '/layout/home', { token: nobody.token })).status).toBe(200);
  });
});

type Role = { _id: string; version: number; requiresTwoFactor: boolean; modelPermissions: Record<string, string[]> };

describe('roles grant only what a resource offers', () => {
  it.each([
    [{ Site: ['Write'] }, 'Site Management offers only Read and Edit, not Write'],
    [{ Layout: ['Edit:own'] }, 'Home Page offers only Read and Edit, not Edit:own'],
    [{ Layout: ['Read', 'EditOwn'] }, 'Home Page offers only Read and Edit, not EditOwn'],
    // Users are blocked, never removed: Remove is offered on the seven resources with a trash only.
    [{ User: ['Remove'] }, 'User offers only Read, Write, Edit and Edit:own, not Remove'],
  ])('refuses %o with 400 on create and on update, storing nothing', async (modelPermissions, message) => {
    const name = uniqueName('Offered');
    const created = await call('POST', '/role/create', {
      token: root,
      body: { name, description: 'd', modelPermissions },
    });
    expect(created.status).toBe(400);
    expect(errorText(created)).toBe(`ValidationError: ${message}`);
    expect((await findRoleIdsByNames([name])).size).toBe(0);

    const role = await createRole({ Cms: ['Read'] });
    const updated = await call('PATCH', `/role/${role._id}`, { token: root, body: { version: 1, modelPermissions } });
    expect(updated.status).toBe(400);
    expect(errorText(updated)).toBe(`ValidationError: ${message}`);
    expect(await roleModel.get(role._id)).toEqual(role);
  });

  it('stores Remove on the resources with a trash', async () => {
    const modelPermissions = { Cms: ['Remove'], Category: ['Read', 'Remove'], BreakingNews: ['Remove'] };
    const res = await call<Role>('POST', '/role/create', {
      token: root,
      body: { name: uniqueName('Removers'), description: 'd', modelPermissions },
    });
    expect(res.status).toBe(201);
    expect(res.body.data?.modelPermissions).toEqual(modelPermissions);
  });

  it('stores Read and Edit on Site and Layout', async () => {
    const res = await call<Role>('POST', '/role/create', {
      token: root,
      body: { name: uniqueName('Curators'), description: 'd', modelPermissions: { Site: ['Edit'], Layout: ['Read'] } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data?.modelPermissions).toEqual({ Site: ['Edit'], Layout: ['Read'] });
  });

  it('stores and returns requiresTwoFactor, keeps it when an update leaves it out, refuses a non-boolean', async () => {
    const created = await call<Role>('POST', '/role/create', {
      token: root,
      body: { name: uniqueName('Strict'), description: 'd', requiresTwoFactor: true },
    });
    expect(created.status).toBe(201);
    const role = created.body.data as Role;
    expect(role.requiresTwoFactor).toBe(true);
    expect((await roleModel.get(role._id))?.requiresTwoFactor).toBe(true);
    expect((await call<Role>('GET', `/role/${role._id}`, { token: root })).body.data?.requiresTwoFactor).toBe(true);

    const kept = await call<Role>('PATCH', `/role/${role._id}`, {
      token: root,
      body: { version: 1, description: 'x' },
    });
    expect(kept.body.data?.requiresTwoFactor).toBe(true);
    const off = await call<Role>('PATCH', `/role/${role._id}`, {
      token: root,
      body: { version: 2, requiresTwoFactor: false },
    });
    expect(off.body.data?.requiresTwoFactor).toBe(false);
    expect((await roleModel.get(role._id))?.requiresTwoFactor).toBe(false);

    const junk = await call('PATCH', `/role/${role._id}`, {
      token: root,
      body: { version: 3, requiresTwoFactor: 'yes' },
    });
    expect(junk.status).toBe(400);
    expect(errorText(junk)).toBe('ValidationError: requiresTwoFactor must be true or false');
    const plain = await call<Role>('POST', '/role/create', {
      token: root,
      body: { name: uniqueName('Lenient'), description: 'd' },
    });
    expect(plain.body.data?.requiresTwoFactor).toBe(false);
  });
});

describe('the built-in Administrator role', () => {
  const administrator = async () => {
    const id = (await findRoleIdsByNames([ADMINISTRATOR_ROLE])).get(ADMINISTRATOR_ROLE.toLowerCase())?._id;
    const role = id ? await roleModel.get(id) : undefined;
    if (!role) throw new Error('no Administrator role');
    return role;
  };

  it('holds Read and Edit on Site and Layout from the first start', async () => {
    const role = await administrator();
    expect(role.isEditable).toBe(false);
    expect(role.modelPermissions).toMatchObject({ Site: ['Read', 'Edit'], Layout: ['Read', 'Edit'] });
  });

  it('is upgraded by the seed when stored without them, once, leaving what it holds alone', async () => {
    const original = await administrator();
    // As an older version stored it: no Site or Layout, and a Cms entry unlike today's.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: roleModel.key(original._id),
        UpdateExpression: 'REMOVE modelPermissions.Site, modelPermissions.Layout SET modelPermissions.Cms = :cms',
        ExpressionAttributeValues: { ':cms': ['Read', 'Write', 'Edit', 'EditOwn', 'Remove'] },
      }),
    );
    try {
      expect(await seedSystemRoles()).toBe('upgraded');
      const upgraded = await administrator();
      expect(upgraded.modelPermissions).toMatchObject({
        Site: ['Read', 'Edit'],
        Layout: ['Read', 'Edit'],
        Cms: ['Read', 'Write', 'Edit', 'EditOwn', 'Remove'],
      });
      expect(upgraded.version).toBeGreaterThan(original.version);

      expect(await seedSystemRoles()).toBe('exists');
      expect(await administrator()).toEqual(upgraded);
    } finally {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: roleModel.key(original._id),
          UpdateExpression: 'SET modelPermissions = :permissions',
          ExpressionAttributeValues: { ':permissions': original.modelPermissions },
        }),
      );
    }
  });

  it('leaves editable roles without Site and Layout as they are', async () => {
    const role = await createRole({ Cms: ['Read', 'Write'] });
    await seedSystemRoles();
    expect(await roleModel.get(role._id)).toEqual(role);
  });
});

describe('changing one’s own password', () => {
  const change = (token: string, extra: Record<string, unknown>) =>
    call<{ token: string }>('PATCH', '/user', {
      token,
      body: { password: 'Own-After-12', confirmPassword: 'Own-After-12', ...extra },
    });

  it('needs the current password, and a wrong one changes nothing', async () => {
    const user = await createUser({ password: 'Own-Before-1' });
    const token = await login(user.email, 'Own-Before-1');
    const missing = await change(token, {});
    expect(missing.status).toBe(400);
    expect(errorText(missing)).toBe('ValidationError: Enter your current password');
    const empty = await change(token, { currentPassword: '', _id: user._id });
    expect(errorText(empty)).toBe('ValidationError: Enter your current password');
    const wrong = await change(token, { currentPassword: 'Not-My-Pass-1' });
    expect(wrong.status).toBe(400);
    expect(errorText(wrong)).toBe('ValidationError: Your current password is not correct');
    const tooLong = await change(token, { currentPassword: `Own-Before-1${'x'.repeat(80)}` });
    expect(errorText(tooLong)).toBe('ValidationError: Your current password is not correct');
    expect(await getUserById(user._id)).toMatchObject(unchanged(user));
    expect((await call('GET', '/user/me', { token })).status).toBe(200);
  });

  it('with the right one keeps this session, ends the others and hands back a token for this session', async () => {
    const user = await createUser({ password: 'Own-Before-1' });
    const tabA = await login(user.email, 'Own-Before-1');
    const tabB = await login(user.email, 'Own-Before-1');
    const res = await change(tabA, { currentPassword: 'Own-Before-1' });
    expect(res.status).toBe(200);
    expect(res.body.data?.token).toEqual(expect.any(String));
    expect((await call('GET', '/user/me', { token: tabA })).status).toBe(200);
    expect((await call('GET', '/user/me', { token: res.body.data?.token })).status).toBe(200);
    expect((await call('GET', '/user/me', { token: tabB })).status).toBe(401);
    expect((await getUserById(user._id))?.tokenVersion).toBe(user.tokenVersion);
    await expect(login(user.email, 'Own-Before-1')).rejects.toThrow();
    await expect(login(user.email, 'Own-After-12')).resolves.toBeTruthy();
  });

  it('by an admin for someone else needs no current password and ends all of that user’s sessions', async () => {
    const user = await createUser({ password: 'Theirs-Before-1' });
    const token = await login(user.email, 'Theirs-Before-1');
    const manager = await actorWith({ User: ['Edit'] });
    const res = await call('PATCH', '/user', {
      token: manager.token,
      body: { _id: user._id, password: 'Theirs-After-1', confirmPassword: 'Theirs-After-1' },
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/user/me', { token })).status).toBe(401);
    expect((await call('GET', '/user/me', { token: manager.token })).status).toBe(200);
  });
});

describe('PATCH /user decides who may send a form before checking its fields', () => {
  it.each([
    ['an edit', (id: string) => ({ _id: id, name: 'Renamed' })],
    ['a block', (id: string) => ({ _id: id, status: 'Disable' })],
    ['a password', (id: string) => ({ _id: id, password: 'x' })],
    ['an empty password form', (id: string) => ({ _id: id, confirmPassword: '' })],
  ])('answers 403 to %s of another user without Edit on User, changing nothing', async (_form, body) => {
    const target = await createUser();
    const contributor = await actorWith({ Cms: ['Write'], User: ['Read', 'Write'] });
    const res = await call('PATCH', '/user', { token: contributor.token, body: body(target._id) });
    expect(res.status).toBe(403);
    expect(await getUserById(target._id)).toEqual(target);
  });
});

describe('an admin ending a user’s sessions (DELETE /user/{id}/sessions)', () => {
  it('signs the user out everywhere at once; they can sign in again', async () => {
    const user = await createUser({ password: 'Ended-Pass-1' });
    const first = await login(user.email, 'Ended-Pass-1');
    const second = await login(user.email, 'Ended-Pass-1');
    const manager = await actorWith({ User: ['Edit'] });
    const res = await call<{ ended: number }>('DELETE', `/user/${user._id}/sessions`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ended: 2 });
    expect((await call('GET', '/user/me', { token: first })).status).toBe(401);
    expect((await call('GET', '/user/me', { token: second })).status).toBe(401);
    expect(await getUserById(user._id)).toMatchObject(unchanged(user));
    await expect(login(user.email, 'Ended-Pass-1')).resolves.toBeTruthy();
  });

  it('refuses without Edit on User, for a super admin unless by one, and says 404 for an unknown user', async () => {
    const user = await createUser({ password: 'Kept-Pass-1' });
    const token = await login(user.email, 'Kept-Pass-1');
    const reader = await actorWith({ User: ['Read', 'Write'] });
    expect((await call('DELETE', `/user/${user._id}/sessions`, { token: reader.token })).status).toBe(403);
    expect((await call('GET', '/user/me', { token })).status).toBe(200);

    const manager = await actorWith({ User: ['Edit'] });
    const onSuper = await call('DELETE', `/user/${rootId}/sessions`, { token: manager.token });
    expect(onSuper.status).toBe(403);
    expect(errorText(onSuper)).toBe('Forbidden: Only a super admin can change a super admin');
    expect((await call('GET', '/user/me', { token: root })).status).toBe(200);
    expect((await call('DELETE', '/user/01J00000000000000000000000/sessions', { token: root })).status).toBe(404);
    expect((await call('DELETE', '/user/nope/sessions', { token: root })).status).toBe(404);
  });
});

describe('an admin resetting a user’s second factor (DELETE /user/{id}/two-factor)', () => {
  it('removes it (the profile then shows it off) and says whether there was one', async () => {
    const user = await createUser({ password: 'Factor-Pass-1' });
    const token = await login(user.email, 'Factor-Pass-1');
    await enrolTwoFactor(user._id, ['a', 'b', 'c']);
    const me = await call<{ twoFactorEnabled: boolean; recoveryCodesLeft: number }>('GET', '/user/me', { token });
    expect(me.body.data).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 3 });

    const manager = await actorWith({ User: ['Edit'] });
    const res = await call('DELETE', `/user/${user._id}/two-factor`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ reset: true });
    expect(await getTwoFactor(user._id)).toBeUndefined();
    const after = await call<Record<string, unknown>>('GET', '/user/me', { token });
    expect(after.body.data).toMatchObject({ twoFactorEnabled: false });
    expect(after.body.data).not.toHaveProperty('recoveryCodesLeft');
    const again = await call('DELETE', `/user/${user._id}/two-factor`, { token: manager.token });
    expect(again.body.data).toEqual({ reset: false });
  });

  it('refuses without Edit on User, on a super admin unless by one, on oneself, and 404 for nobody', async () => {
    const user = await createUser();
    await enrolTwoFactor(user._id, ['a', 'b', 'c']);
    const reader = await actorWith({ User: ['Read'] });
    expect((await call('DELETE', `/user/${user._id}/two-factor`, { token: reader.token })).status).toBe(403);
    expect((await getTwoFactor(user._id))?.enabled).toBe(true);

    const manager = await actorWith({ User: ['Edit'] });
    expect((await call('DELETE', `/user/${rootId}/two-factor`, { token: manager.token })).status).toBe(403);
    const self = await call('DELETE', `/user/${manager.user._id}/two-factor`, { token: manager.token });
    expect(self.status).toBe(400);
    expect(errorText(self)).toBe('ValidationError: Turn off your own two-factor sign-in from your profile');
    expect((await call('DELETE', '/user/01J00000000000000000000000/two-factor', { token: root })).status).toBe(404);
  });
});

describe('Remove follows Edit and Edit:own', () => {
  const article = async (as: string, author: string) => {
    const category = await createCategory(root, { name: uniqueName('Remove scope') });
    const res = await postArticle(
      as,
      articleFields(
        { categories: [category._id], user: author },
        { title: uniqueName('Trash scope'), publishDate: new Date().toISOString() },
      ),
    );
    expect(res.status, errorText(res)).toBe(201);
    return res.body.data?._id as string;
  };

  it('lets a holder of Edit:own and Remove remove, restore and delete only their own articles', async () => {
    const contributor = await actorWith({ Cms: ['Read', 'Write', 'EditOwn', 'Remove'] });
    const someoneElses = await article(root, rootId);
    const own = await article(contributor.token, contributor.user._id);

    const refused = await call('DELETE', `/cms/${someoneElses}`, { token: contributor.token });
    expect(refused.status).toBe(403);
    expect(errorText(refused)).toBe('Forbidden: You may edit only your own articles, so you may remove only those');
    expect((await call('GET', `/cms/detail/${someoneElses}`, { token: root })).status).toBe(200);

    // In the trash (put there by an editor), it is still someone else's.
    expect((await call('DELETE', `/cms/${someoneElses}`, { token: root })).status).toBe(200);
    expect((await call('POST', `/cms/trash/${someoneElses}/restore`, { token: contributor.token })).status).toBe(403);
    expect((await call('DELETE', `/cms/trash/${someoneElses}`, { token: contributor.token })).status).toBe(403);
    expect((await call('POST', `/cms/trash/${someoneElses}/restore`, { token: root })).status).toBe(200);

    expect((await call('DELETE', `/cms/${own}`, { token: contributor.token })).status).toBe(200);
    expect((await call('POST', `/cms/trash/${own}/restore`, { token: contributor.token })).status).toBe(200);
    expect((await call('DELETE', `/cms/${own}`, { token: contributor.token })).status).toBe(200);
    expect((await call('DELETE', `/cms/trash/${own}`, { token: contributor.token })).status).toBe(200);
  });

  it('lets Remove with Edit, or Remove alone, remove anyone’s', async () => {
    for (const grid of [['Read', 'Edit', 'Remove'], ['Remove']] as const) {
      const remover = await actorWith({ Cms: [...grid] });
      const someoneElses = await article(root, rootId);
      expect((await call('DELETE', `/cms/${someoneElses}`, { token: remover.token })).status, grid.join()).toBe(200);
    }
  });
});
