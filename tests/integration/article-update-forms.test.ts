/**
 * PATCH /cms/{id} says which of its two forms a body is with `form`: 'save' (an editor's save, with the fields)
 * or 'move' (a list action). The contract's bodies, without `form`, keep their meaning: a title makes a save.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../functions/lib/ids';
import { articleFields, createArticle, createCategory } from './factories';
import { admin, call, errorText, login } from './helpers';

interface Row {
  _id: string;
  title: string;
  status: string;
  version: number;
}

let token: string;
let fields: ReturnType<typeof articleFields>;

const patch = async (article: Row, body: Record<string, unknown>, lock = false) => {
  if (lock) await call('POST', `/cms/${article._id}/lock`, { token, body: { takeOver: true } });
  return call<Row>('PATCH', `/cms/${article._id}`, { token, body: { version: article.version, ...body } });
};

beforeAll(async () => {
  token = await login(admin.email, admin.password);
  const category = await createCategory(token, { name: `Forms ${newId()}` });
  const me = await call<{ _id: string }>('GET', '/user/me', { token });
  fields = articleFields({ categories: [category._id], user: me.body.data?._id ?? '' });
});

describe('PATCH /cms/{id} form', () => {
  it("'move' with a title is a list action: the status moves, the title stays", async () => {
    const draft = (await createArticle(token, { ...fields, title: `Move form ${newId()}` })) as unknown as Row;
    const res = await patch(draft, { form: 'move', action: 'publish', title: 'Not this title' });
    expect(res.status, errorText(res)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'Published', title: draft.title });
  });

  it("'save' without a title is an editor's save, refused for the missing title", async () => {
    const draft = (await createArticle(token, { ...fields, title: `Save form ${newId()}` })) as unknown as Row;
    const res = await patch(draft, { form: 'save', action: 'save' }, true);
    expect(res.status).toBe(400);
    const after = await call<Row>('GET', `/cms/detail/${draft._id}`, { token });
    expect(after.body.data).toMatchObject({ version: draft.version, title: draft.title });
  });

  it("'save' with the fields saves them; a form naming neither is refused", async () => {
    const draft = (await createArticle(token, { ...fields, title: `Save form ok ${newId()}` })) as unknown as Row;
    const saved = await patch(draft, { ...fields, form: 'save', action: 'save', title: 'Saved by form' }, true);
    expect(saved.status, errorText(saved)).toBe(200);
    expect(saved.body.data).toMatchObject({ title: 'Saved by form', status: 'Draft' });
    const odd = await patch(saved.body.data as Row, { form: 'publish', action: 'publish' });
    expect([odd.status, errorText(odd)]).toEqual([400, 'ValidationError: form is save or move']);
  });

  it('without form, the contract bodies keep their meaning', async () => {
    const draft = (await createArticle(token, { ...fields, title: `No form ${newId()}` })) as unknown as Row;
    const saved = await patch(draft, { ...fields, action: 'save', title: 'Saved, no form' }, true);
    expect(saved.body.data).toMatchObject({ title: 'Saved, no form' });
    const moved = await patch(saved.body.data as Row, { action: 'publish' });
    expect(moved.body.data).toMatchObject({ status: 'Published', title: 'Saved, no form' });
  });
});
