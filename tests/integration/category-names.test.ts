/**
 * Category names unique among siblings (CONTRACT.md §5): two categories under one parent, or both at the top, may not
 * share a name a reader takes for the same one, whatever its case, accents or look-alike letters; the same name under
 * another parent is fine. The name item moves on a rename or a move, is given up in the move to the trash and claimed
 * again on a restore; categories written before the items get theirs from the start-up pass, which reports the
 * siblings that already share a name instead of failing.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { categoryItem, categoryNameKey } from '../../functions/category/model';
import { claimCategoryNames } from '../../functions/category/names';
import { db, tableName } from '../../functions/lib/db/client';
import { getRecord } from '../../functions/lib/db/records';
import { newId, nowIso } from '../../functions/lib/ids';
import type { RouteBodyInput } from '../../shared/api';
import { CATEGORY_NAME_TAKEN, type CategoryRecord } from '../../shared/schemas/category';
import { callRoute } from './factories';
import { call, errorText, rootSession } from './helpers';

let token: string;
beforeAll(async () => {
  ({ token } = await rootSession());
});

const tag = () => Math.random().toString(36).slice(2, 8);
const TAKEN = `Conflict: ${CATEGORY_NAME_TAKEN}`;

const create = (body: RouteBodyInput<'POST /category/create'>) => callRoute('POST /category/create', { token, body });
const made = async (body: RouteBodyInput<'POST /category/create'>) => {
  const res = await create(body);
  expect(res.status, errorText(res)).toBe(201);
  return res.body.data as CategoryRecord;
};
const update = (c: CategoryRecord, body: Record<string, unknown>) =>
  call<CategoryRecord>('PATCH', `/category/${c._id}`, {
    token,
    body: { name: c.name, parent: c.parent, version: c.version, ...body },
  });
const holder = async (parent: string | null, name: string) =>
  (await getRecord<{ categoryId: string }>(categoryNameKey(parent, name), true))?.categoryId;

describe('category names among siblings', () => {
  it('refuse a sibling’s name in another case, with other accents or look-alike letters (409), not a cousin’s', async () => {
    const t = tag();
    const top = await made({ name: `Politics ${t}` });
    for (const twin of [`politics ${t}`, `POLITICS ${t}`, `Polítics ${t}`, `Pоlitics ${t}`, ` Politics  ${t} `]) {
      // A slug of its own: one made from the Cyrillic о would be refused for mixing scripts first.
      const res = await create({ name: twin, slug: `twin-${tag()}` });
      expect(res.status, twin).toBe(409);
      expect(errorText(res)).toBe(TAKEN);
    }
    // Under a parent the top-level name is free, once.
    const child = await made({ name: `politics ${t}`, parent: top._id });
    expect(child.slug).not.toBe(top.slug);
    expect((await create({ name: `Polítics ${t}`, parent: top._id })).status).toBe(409);
    // Hindi words that differ only in a vowel sign are two names.
    await made({ name: `राजनीति ${t}` });
    await made({ name: `राजनीत ${t}` });
    expect(await holder(null, `Politics ${t}`)).toBe(top._id);
  });

  it('move with a rename or a move to another parent, freeing the old name; a change of case keeps it', async () => {
    const t = tag();
    const a = await made({ name: `Sport ${t}` });
    const b = await made({ name: `Weather ${t}` });
    const renamed = await update(b, { name: `sport ${t}` });
    expect(renamed.status).toBe(409);
    expect(errorText(renamed)).toBe(TAKEN);
    // Its own name in another case is still its own.
    const recased = await update(a, { name: `SPORT ${t}` });
    expect(recased.status).toBe(200);
    const aNow = recased.body.data as CategoryRecord;
    // Moved under b, a's top-level name is free; under b it holds the name there.
    const moved = await update(aNow, { parent: b._id });
    expect(moved.status).toBe(200);
    expect(await holder(null, `Sport ${t}`)).toBeUndefined();
    expect(await holder(b._id, `Sport ${t}`)).toBe(a._id);
    await made({ name: `Sport ${t}` });
    // A name taken under the new parent refuses the move.
    const c = await made({ name: `Cricket ${t}`, parent: b._id });
    const other = await made({ name: `cricket ${t}` });
    const into = await update(other, { parent: b._id });
    expect(into.status).toBe(409);
    expect(errorText(into)).toBe(TAKEN);
    expect(await holder(b._id, `Cricket ${t}`)).toBe(c._id);
  });

  it('are given up in the move to the trash and claimed again on a restore, which a new holder refuses', async () => {
    const t = tag();
    const gone = await made({ name: `Markets ${t}` });
    expect((await call('DELETE', `/category/${gone._id}`, { token })).status).toBe(200);
    expect(await holder(null, `Markets ${t}`)).toBeUndefined();
    const taker = await made({ name: `markets ${t}` });
    const refused = await call('POST', `/category/trash/${gone._id}/restore`, { token });
    expect(refused.status).toBe(400);
    expect(errorText(refused)).toBe(
      `ValidationError: Another category under the same parent is now called Markets ${t}: rename that one first`,
    );
    expect((await update(taker, { name: `Stocks ${t}` })).status).toBe(200);
    expect((await call('POST', `/category/trash/${gone._id}/restore`, { token })).status).toBe(200);
    expect(await holder(null, `Markets ${t}`)).toBe(gone._id);
    // Deleted for good, its name is free too.
    const later = await made({ name: `Later ${t}` });
    expect((await call('DELETE', `/category/${later._id}`, { token })).status).toBe(200);
    expect((await call('DELETE', `/category/trash/${later._id}`, { token })).status).toBe(200);
    await made({ name: `LATER ${t}` });
  });
});

describe('categories from before the name items', () => {
  /** A category written straight into the table, as saves did before the name items. */
  async function legacy(name: string, createdAt: string): Promise<CategoryRecord> {
    const c: CategoryRecord = {
      _id: newId(),
      name,
      url: '',
      slug: `legacy-${tag()}`,
      description: '',
      parent: null,
      image: null,
      active: true,
      seo: { title: '', description: '', metaTags: [] },
      createdAt,
      updatedAt: createdAt,
      version: 1,
    } as CategoryRecord;
    await db().send(new PutCommand({ TableName: tableName(), Item: categoryItem(c) }));
    return c;
  }

  it('get their items from the start-up pass, which reports siblings sharing a name and leaves them', async () => {
    const t = tag();
    const older = await legacy(`Business ${t}`, '2020-01-01T00:00:00.000Z');
    const newer = await legacy(`business ${t}`, nowIso());
    const alone = await legacy(`Finance ${t}`, nowIso());
    const first = await claimCategoryNames();
    expect(first.claimed).toBeGreaterThanOrEqual(2);
    const group = first.duplicates.find((g) => g.categories.some((c) => c._id === newer._id));
    expect(group).toEqual({
      parent: null,
      parentName: null,
      categories: [
        { _id: older._id, name: older.name },
        { _id: newer._id, name: newer.name },
      ],
    });
    expect(first.duplicates.some((g) => g.categories.some((c) => c._id === alone._id))).toBe(false);
    expect(await holder(null, older.name)).toBe(older._id);
    expect(await holder(null, alone.name)).toBe(alone._id);
    // Again: nothing to claim, the same report.
    const again = await claimCategoryNames();
    expect(again.claimed).toBe(0);
    expect(again.duplicates).toContainEqual(group);

    // The newer twin holds no item: its save is refused until it is renamed, and its removal frees nothing of the other's.
    const touched = await update(newer, { description: 'x' });
    expect(touched.status).toBe(409);
    expect(errorText(touched)).toBe(TAKEN);
    expect((await update(newer, { name: `Business news ${t}` })).status).toBe(200);
    expect((await claimCategoryNames()).duplicates.some((g) => g.categories.some((c) => c._id === newer._id))).toBe(
      false,
    );
    const twin = await legacy(`BUSINESS ${t}`, nowIso());
    expect((await call('DELETE', `/category/${twin._id}`, { token })).status).toBe(200);
    expect(await holder(null, older.name)).toBe(older._id);
  });
});
