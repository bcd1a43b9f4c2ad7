import { beforeAll, describe, expect, it } from 'vitest';
import { actorWith } from './factories';
import { admin, call, errorText, login } from './helpers';

let root: string;
beforeAll(async () => {
  root = await login(admin.email, admin.password);
});

const tag = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
type Category = {
  _id: string;
  slug: string;
  version: number;
  parent: string | null;
  active: boolean;
  children?: Category[];
};

async function category(body: Record<string, unknown>, token = root) {
  return call<Category>('POST', '/category/create', { token, body });
}

describe('categories', () => {
  it('builds the tree, generates unique slugs and refuses a clash on an asked-for slug', async () => {
    const name = `World ${tag()}`;
    const parent = (await category({ name })).body.data as Category;
    expect(parent.slug).toBe(name.toLowerCase().replace(/ /g, '-'));
    const child = (await category({ name: `Asia ${tag()}`, parent: parent._id })).body.data as Category;
    // A namesake elsewhere in the tree (siblings may not share a name) gets the next slug.
    const twin = (await category({ name, parent: child._id })).body.data as Category;
    expect(twin.slug).toBe(`${parent.slug}-2`);
    const clash = await category({ name: 'Other', slug: parent.slug });
    expect(clash.status).toBe(409);
    expect(errorText(clash)).toBe('Conflict: Slug already exists');

    const tree = await call<Category[]>('GET', '/category/', { token: root });
    const node = tree.body.data?.find((c) => c._id === parent._id);
    expect(node?.children?.map((c) => c._id)).toEqual([child._id]);
    const list = await call<{ _id: string; name: string }[]>('GET', '/category/list', { token: root });
    expect(list.body.data?.some((c) => c._id === child._id && c.name.startsWith('Asia'))).toBe(true);
  });

  it("accepts the contract's list form of the parent ([id], or [] for none) as well as a plain id", async () => {
    const parent = (await category({ name: `Listed ${tag()}` })).body.data as Category;
    const child = await category({ name: `Child ${tag()}`, parent: [parent._id] });
    expect(child.status).toBe(201);
    expect((child.body.data as Category).parent).toBe(parent._id);
    const top = await category({ name: `Top ${tag()}`, parent: [] });
    expect((top.body.data as Category).parent).toBeNull();
    const two = await category({ name: `Two ${tag()}`, parent: [parent._id, parent._id] });
    expect(two.status).toBe(400);
    expect(errorText(two)).toBe('ValidationError: A category has one parent: send its id, or a list of at most one id');
  });

  it('refuses cycles, unknown parents, stale versions and images that are not verified uploads', async () => {
    const a = (await category({ name: `A ${tag()}` })).body.data as Category;
    const b = (await category({ name: `B ${tag()}`, parent: a._id })).body.data as Category;
    const loop = await call('PATCH', `/category/${a._id}`, {
      token: root,
      body: { name: 'A', version: 1, parent: b._id },
    });
    expect(loop.status).toBe(400);
    expect(errorText(loop)).toBe(
      'ValidationError: A category cannot be moved under itself or one of its subcategories',
    );
    const self = await call('PATCH', `/category/${a._id}`, {
      token: root,
      body: { name: 'A', version: 1, parent: a._id },
    });
    expect(self.status).toBe(400);
    const orphan = await category({ name: 'Orphan', parent: '01J00000000000000000000000' });
    expect(errorText(orphan)).toBe('ValidationError: The parent category does not exist');
    const image = await category({ name: 'Pic', image: '01J00000000000000000000000' });
    expect(errorText(image)).toBe('ValidationError: A referenced file is missing or not verified');
    expect(
      (await call('PATCH', `/category/${b._id}`, { token: root, body: { name: 'B2', version: 1, active: false } }))
        .status,
    ).toBe(200);
    const stale = await call('PATCH', `/category/${b._id}`, { token: root, body: { name: 'B3', version: 1 } });
    expect(stale.status).toBe(409);
    const missing = await category({ name: ' ' });
    expect(errorText(missing)).toBe('ValidationError: Name is required');
  });

  it('checks permissions on the server', async () => {
    const reader = await actorWith({ Category: ['Read'] });
    expect((await call('GET', '/category/', { token: reader.token })).status).toBe(200);
    expect((await category({ name: 'Nope' }, reader.token)).status).toBe(403);
    const writer = await actorWith({ Cms: ['Write'] });
    expect((await call('GET', '/category/list', { token: writer.token })).status).toBe(200);
    expect((await call('GET', '/category/', { token: writer.token })).status).toBe(403);
  });
});

describe('menus', () => {
  it('saves a tree of category and custom items, validates it, and keeps one active menu per name', async () => {
    const cat = (await category({ name: `Menu cat ${tag()}` })).body.data as Category;
    const items = [
      { itemId: cat._id, title: 'Cat', url: `/${cat.slug}`, parent: null, menuType: 'category' },
      { itemId: 'home', title: 'Home', url: '/', parent: cat._id, menuType: 'custom' },
    ];
    const first = await call<{ _id: string; version: number; title: string }>('POST', '/menu/create', {
      token: root,
      body: { name: 'menu-1', items },
    });
    expect(first.status).toBe(201);
    expect(first.body.data?.title).toBe('Top Menu');
    const second = await call<{ _id: string }>('POST', '/menu/create', {
      token: root,
      body: { name: 'menu-1', items: [] },
    });

    const on1 = await call('PATCH', `/menu/${first.body.data?._id}`, {
      token: root,
      body: { version: 1, active: true },
    });
    expect(on1.status).toBe(200);
    const on2 = await call('PATCH', `/menu/${second.body.data?._id}`, {
      token: root,
      body: { version: 1, active: true },
    });
    expect(on2.status).toBe(200);
    const firstNow = await call<{ active: boolean; items: unknown[] }>('GET', `/menu/${first.body.data?._id}`, {
      token: root,
    });
    expect(firstNow.body.data?.active).toBe(false);
    expect(firstNow.body.data?.items).toHaveLength(2);

    for (const [bad, message] of [
      [[{ ...items[1] }], 'A menu item comes before its parent or its parent is missing'],
      [[items[0], items[0]], 'A menu item appears twice'],
      [[{ ...items[0], itemId: '01J00000000000000000000000' }], 'A menu item refers to a category that does not exist'],
    ] as const) {
      const res = await call('POST', '/menu/create', { token: root, body: { name: 'menu-2', items: bad } });
      expect(errorText(res)).toBe(`ValidationError: ${message}`);
    }
    const list = await call<{ list: { itemCount: number }[]; total: number }>('GET', '/menu', { token: root });
    expect(list.body.data?.total).toBeGreaterThanOrEqual(2);
  });
});

describe('breaking news', () => {
  it('adds with an optional url, toggles status, refuses stale versions and readers', async () => {
    const added = await call<{ _id: string; status: string; url?: string }>('POST', '/breaking-news', {
      token: root,
      body: { title: `Quake ${tag()}`, url: '' },
    });
    expect(added.status).toBe(201);
    expect(added.body.data?.status).toBe('Enable');
    expect(added.body.data).not.toHaveProperty('url');
    const off = await call<{ status: string }>('PATCH', `/breaking-news/${added.body.data?._id}`, {
      token: root,
      body: { version: 1, status: 'Disable' },
    });
    expect(off.body.data?.status).toBe('Disable');
    expect(
      (await call('PATCH', `/breaking-news/${added.body.data?._id}`, { token: root, body: { version: 1, title: 'x' } }))
        .status,
    ).toBe(409);
    expect(errorText(await call('POST', '/breaking-news', { token: root, body: { title: '' } }))).toBe(
      'ValidationError: Headline is required',
    );
    const reader = await actorWith({ BreakingNews: ['Read'] });
    expect((await call('GET', '/breaking-news', { token: reader.token })).status).toBe(200);
    expect((await call('POST', '/breaking-news', { token: reader.token, body: { title: 'x' } })).status).toBe(403);
    const none = await actorWith({ Cms: ['Read'] });
    expect((await call('GET', '/breaking-news', { token: none.token })).status).toBe(403);
  });
});

describe('clients', () => {
  it('creates, lists with a total, and lets Edit:own holders edit only their own clients', async () => {
    const owner = await actorWith({ Client: ['Read', 'Write', 'EditOwn'] });
    const mine = await call<{ _id: string; name: string }>('POST', '/client', {
      token: owner.token,
      body: { name: '  Acme  ', email: 'ads@acme.test', mobile: '+1 555 0100' },
    });
    expect(mine.status).toBe(201);
    expect(mine.body.data?.name).toBe('Acme');
    const theirs = await call<{ _id: string }>('POST', '/client', { token: root, body: { name: 'Globex' } });
    const editMine = await call('PATCH', `/client/${mine.body.data?._id}`, {
      token: owner.token,
      body: { version: 1, name: 'Acme Ltd' },
    });
    expect(editMine.status).toBe(200);
    const editTheirs = await call('PATCH', `/client/${theirs.body.data?._id}`, {
      token: owner.token,
      body: { version: 1, name: 'Mine now' },
    });
    expect(editTheirs.status).toBe(403);
    expect(
      (await call('PATCH', `/client/${mine.body.data?._id}`, { token: root, body: { version: 1, name: 'Stale' } }))
        .status,
    ).toBe(409);

    for (const [body, message] of [
      [{ name: 'X', email: 'not-email' }, 'Email is not valid'],
      [{ name: '' }, 'Name is required'],
      [{ name: 'X'.repeat(201) }, 'At most 200 characters'],
      [{ name: 5 }, 'Name is required'],
    ] as const) {
      expect(errorText(await call('POST', '/client', { token: root, body }))).toBe(`ValidationError: ${message}`);
    }
    const list = await call<{ list: unknown[]; total: number }>('GET', '/client?page=1', { token: root });
    expect(list.body.data?.total).toBeGreaterThanOrEqual(2);
    expect(list.body.data?.list[0]).not.toHaveProperty('createdBy');
  });
});
