/**
 * Look-alikes and invisible characters (CONTRACT.md §5): names and slugs that a reader cannot tell apart are one
 * name for uniqueness, whatever script, width, spacing or invisible character tells them apart; no text field keeps
 * a bidirectional control, a zero-width character, NUL or half a character; and Hindi, whose words need the joiners,
 * keeps them.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { categorySlugKey } from '../../functions/category/model';
import { db, tableName } from '../../functions/lib/db/client';
import { rekeyUnique } from '../../functions/lib/db/unique-keys';
import { legacyRoleNameKey, roleNameKey } from '../../functions/role/model';
import { UNIQUE_KEY_MOVES } from '../../infra/aws/unique-key-moves';
import { SLUG_MESSAGES } from '../../shared/slug';
import { articleFields, postArticle, sections } from './factories';
import { call, errorText, rootSession } from './helpers';

let token: string;
let adminId: string;

beforeAll(async () => {
  ({ token, id: adminId } = await rootSession());
});

const tag = () => Math.random().toString(36).slice(2, 8);

describe('role names', () => {
  const base = `Desk Editor ${tag()}`;
  // Each differs from `base` only in what a reader cannot see.
  it.each([
    ['a Cyrillic Е', base.replace('E', '\u0415')],
    ['a zero-width space', base.replace('Editor', 'Edi\u200Btor')],
    ['fullwidth letters', base.replace('Desk', '\uFF24\uFF45\uFF53\uFF4B')],
    ['a no-break space', base.replace(' ', '\u00A0')],
    ['a trailing right-to-left override', `${base}\u202E`],
  ])('collide with %s (409), and nothing is written', async (_what, lookalike) => {
    const first = await call('POST', '/role/create', { token, body: { name: base, description: 'd' } });
    expect([201, 409]).toContain(first.status);
    const dup = await call('POST', '/role/create', { token, body: { name: lookalike, description: 'd' } });
    expect(dup.status).toBe(409);
    expect(errorText(dup)).toBe('Conflict: A role with this name already exists');
  });

  it('collide on rename too', async () => {
    const other = await call<{ _id: string }>('POST', '/role/create', {
      token,
      body: { name: `Night Desk ${tag()}`, description: 'd' },
    });
    await call('POST', '/role/create', { token, body: { name: `Copy Desk ${tag()}x`, description: 'd' } });
    const target = `Sports Desk ${tag()}`;
    expect((await call('POST', '/role/create', { token, body: { name: target, description: 'd' } })).status).toBe(201);
    const rename = await call('PATCH', `/role/${other.body.data?._id}`, {
      token,
      body: { version: 1, name: target.replace('o', '\u043E') },
    });
    expect(rename.status).toBe(409);
  });
});

describe('role names from before look-alike keys', () => {
  it('are moved to them by the start-up pass, and then hold off look-alikes', async () => {
    const name = `Mumbai Desk ${tag()}`;
    const role = await call<{ _id: string }>('POST', '/role/create', { token, body: { name, description: 'd' } });
    const roleId = role.body.data?._id;
    // As written before: the name item under the lower-case name.
    await db().send(new DeleteCommand({ TableName: tableName(), Key: roleNameKey(name) }));
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...legacyRoleNameKey(name), roleId } }));
    const get = async (key: { pk: string; sk: string }) =>
      (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

    const moves = UNIQUE_KEY_MOVES.find((m) => m.name === 'role names');
    if (!moves) throw new Error('no role names pass');
    expect((await rekeyUnique(moves)).moved).toBeGreaterThanOrEqual(1);
    expect(await get(legacyRoleNameKey(name))).toBeUndefined();
    expect((await get(roleNameKey(name)))?.roleId).toBe(roleId);
    expect((await rekeyUnique(moves)).moved).toBe(0);
    const twin = await call('POST', '/role/create', {
      token,
      body: { name: name.replace('M', '\u041C'), description: 'd' },
    });
    expect(twin.status).toBe(409);
  });
});

describe('titles', () => {
  it.each([
    ['a right-to-left override', 'Budget \u202Etxt.exe', 'Budget txt.exe'],
    ['a zero-width space', 'Flood\u200B warning', 'Flood warning'],
    ['NUL', 'Storm\u0000 alert', 'Storm alert'],
    ['a lone surrogate', 'Heat \uD800wave', 'Heat wave'],
  ])('lose %s before they are stored', async (_what, sent, stored) => {
    const made = await call<{ _id: string; title: string }>('POST', '/breaking-news', { token, body: { title: sent } });
    expect(made.status).toBe(201);
    expect(made.body.data?.title).toBe(stored);
  });

  it('made only of invisible characters are missing', async () => {
    const res = await call('POST', '/breaking-news', { token, body: { title: '\u202E\u200B\u0000' } });
    expect(res.status).toBe(400);
    expect(errorText(res)).toContain('Headline is required');
  });
});

describe('Hindi', () => {
  // क्‍ष with a ZWJ (half-form), and क्‌ष with a ZWNJ (explicit virama): different words to a reader.
  const title = `राष्ट्र क्\u200Dष क्\u200Cष समाचार ${tag()}`;

  it('keeps the joiners in a title and a name, and the slug made from them round-trips', async () => {
    const category = await call<{ _id: string; name: string; slug: string }>('POST', '/category/create', {
      token,
      body: { name: title },
    });
    expect(category.status).toBe(201);
    expect(category.body.data?.name).toBe(title);
    const slug = category.body.data?.slug ?? '';
    expect(slug.startsWith('राष्ट्र-')).toBe(true);
    const stored = await db().send(
      new GetCommand({ TableName: tableName(), Key: categorySlugKey(slug), ConsistentRead: true }),
    );
    expect(stored.Item?.categoryId).toBe(category.body.data?._id);

    const article = await postArticle(
      token,
      articleFields(
        { categories: [category.body.data?._id ?? ''], user: adminId },
        { title, slug: `क्\u200Dष-क्\u200Cष-${tag()}`, publishDate: new Date().toISOString(), body: sections('समाचार') },
      ),
    );
    expect(article.status, JSON.stringify(article.body)).toBe(201);
    expect(article.body.data?.title).toBe(title);
    const detail = await call<{ title: string; slug: string }>('GET', `/cms/detail/${article.body.data?._id}`, {
      token,
    });
    expect(detail.body.data?.title).toBe(title);
    expect(detail.body.data?.slug).toBe(article.body.data?.slug);
  });
});

describe('slugs', () => {
  it('mixing look-alike scripts in a word are refused, typed or made', async () => {
    const typed = await call('POST', '/category/create', {
      token,
      body: { name: `Payments ${tag()}`, slug: `p\u0430ypal-${tag()}` },
    });
    expect(typed.status).toBe(400);
    expect(errorText(typed)).toContain(SLUG_MESSAGES.mixed);
    const made = await call('POST', '/category/create', { token, body: { name: `P\u0430ypal ${tag()}` } });
    expect(made.status).toBe(400);
    expect(errorText(made)).toContain(SLUG_MESSAGES.mixed);
  });

  it('in one script each, word by word, are fine: Hindi beside English', async () => {
    const res = await call('POST', '/category/create', { token, body: { name: `Modi मोदी ${tag()}` } });
    expect(res.status).toBe(201);
  });

  it('that look alike are one slug: a Cyrillic look-alike of a taken slug is taken', async () => {
    const word = Array.from({ length: 12 }, () => 'poxace'[Math.floor(Math.random() * 6)]).join('');
    expect((await call('POST', '/category/create', { token, body: { name: 'Latin', slug: word } })).status).toBe(201);
    // Every letter of this one is Cyrillic where Latin has a twin: one script, so only uniqueness can refuse it.
    const cyrillic = [...word]
      .map((c) => ({ p: '\u0440', o: '\u043E', x: '\u0445', a: '\u0430', c: '\u0441', e: '\u0435' })[c] ?? c)
      .join('');
    const twin = await call('POST', '/category/create', { token, body: { name: 'Twin', slug: cyrillic } });
    expect(twin.status).toBe(409);
    expect(errorText(twin)).toBe('Conflict: Slug already exists');
  });
});
