/**
 * Editing that never loses work, through the API: a live article stays live while edited, autosaves
 * never touch the article, revisions with restore, and edit locks enforced on every save.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeLock } from '../../functions/article/editing/locks';
import { articleAutosaveKey } from '../../functions/article/model';
import { layoutKey } from '../../functions/home-layout/model';
import { db, tableName } from '../../functions/lib/db/client';
import { newId } from '../../functions/lib/ids';
import type { AuthUser } from '../../functions/user/auth-user';
import { EDIT_LOCK_SECONDS, REVISIONS_KEPT } from '../../shared/constants';
import type {
  ArticleAutosave,
  ArticleDetail,
  ArticleRow,
  EditLock,
  Revision,
  RevisionSummary,
} from '../../shared/schemas/article-record';
import { actorWith, createArticle, createCategory, paragraph, postArticle, sections } from './factories';
import { call, errorText, inHours, rootSession } from './helpers';

let token: string;
let adminId: string;
let categoryId: string;

/** A valid Article's fields (CONTRACT.md §5) around a title, as a save sends them. */
const fields = (title: string, text = 'The council met on Tuesday.') => ({
  title,
  categories: [categoryId],
  user: adminId,
  publishDate: inHours(-1),
  body: sections(text),
});
/** The same as a create sends them. */
const article = (title: string) => ({ type: 'Article' as const, ...fields(title) });

const lock = (id: string, as = token, takeOver = false) =>
  call<EditLock>('POST', `/cms/${id}/lock`, { token: as, body: takeOver ? { takeOver } : {} });

const save = (a: Pick<ArticleDetail, '_id' | 'version'>, body: Record<string, unknown>, as = token) =>
  call<ArticleDetail>('PATCH', `/cms/${a._id}`, { token: as, body: { version: a.version, action: 'save', ...body } });

async function saved(a: Pick<ArticleDetail, '_id' | 'version'>, body: Record<string, unknown>, as = token) {
  const res = await save(a, body, as);
  if (res.status !== 200 || !res.body.data) throw new Error(`save failed: ${res.status} ${errorText(res)}`);
  return res.body.data;
}

const detail = async (id: string) =>
  (await call<ArticleDetail>('GET', `/cms/detail/${id}`, { token })).body.data as ArticleDetail;
const rowOf = async (id: string, query = '') =>
  ((await call<{ list: ArticleRow[] }>('GET', `/cms?limit=100${query}`, { token })).body.data?.list ?? []).find(
    (r) => r._id === id,
  );
const revisions = async (id: string) =>
  (await call<{ list: RevisionSummary[] }>('GET', `/cms/${id}/revisions`, { token })).body.data?.list ?? [];

beforeAll(async () => {
  ({ token, id: adminId } = await rootSession());
  categoryId = (await createCategory(token, { name: `Editing ${newId()}` }))._id;
});

describe('a live article stays live while it is edited', () => {
  it('keeps a Published article live and in its home-page slot until Publish; the draft is what the editor opens', async () => {
    const live = await createArticle(token, article(`Flood defences hold ${newId()}`), 'publish');
    const home = (await call<{ _id: string; version: number }>('GET', '/layout/home', { token })).body.data;
    const placed = await call('PATCH', `/layout/${home?._id}`, {
      token,
      body: {
        version: home?.version,
        body: { headlines: [live._id], topStory: [], coverStory: null, sections: [] },
      },
    });
    expect(placed.status).toBe(200);
    await lock(live._id);

    const typo = await saved(live, { ...fields(`Flood defenses hold ${live._id}`, 'Fixed a typo.') });
    expect(typo.status).toBe('Published');
    expect(typo.title).toBe(live.title);
    expect(typo.draft?.fields.title).toBe(`Flood defenses hold ${live._id}`);
    expect(typo.pendingChanges?.by?._id).toBe(adminId);
    const row = await rowOf(live._id, '&status=Publish');
    expect(row?.title).toBe(live.title);
    expect(row?.pendingChanges).not.toBeNull();
    const layout = (await db().send(new GetCommand({ TableName: tableName(), Key: layoutKey('home') }))).Item;
    expect(layout?.body.headlines).toContain(live._id);
    // The search still finds the live title only.
    const found = await call<{ total: number }>('GET', `/cms?search=${encodeURIComponent('defenses')}&limit=100`, {
      token,
    });
    expect(found.body.data?.total ?? 0).toBe(0);

    const published = await saved(typo, {
      ...fields(`Flood defenses hold ${live._id}`, 'Fixed a typo.'),
      action: 'publish',
    });
    expect(published.status).toBe('Published');
    expect(published.title).toBe(`Flood defenses hold ${live._id}`);
    expect(published.draft).toBeNull();
    expect(published.pendingChanges).toBeNull();
    const after = (await db().send(new GetCommand({ TableName: tableName(), Key: layoutKey('home') }))).Item;
    expect(after?.body.headlines).toContain(live._id);
  });

  it('publishes the unpublished changes from the list, and Discard changes drops them', async () => {
    const live = await createArticle(token, article(`Harbour reopens ${newId()}`), 'publish');
    await lock(live._id);
    const changed = await saved(live, fields(`Harbour reopens today ${live._id}`));
    await call('DELETE', `/cms/${live._id}/lock`, { token });
    const fromList = await call<ArticleDetail>('PATCH', `/cms/${live._id}`, {
      token,
      body: { version: changed.version, action: 'publish' },
    });
    expect(fromList.status).toBe(200);
    expect(fromList.body.data?.title).toBe(`Harbour reopens today ${live._id}`);
    expect(fromList.body.data?.draft).toBeNull();

    await lock(live._id);
    const again = await saved(fromList.body.data as ArticleDetail, fields(`Harbour closes ${live._id}`));
    const discarded = await call<ArticleDetail>('POST', `/cms/${live._id}/discard`, {
      token,
      body: { version: again.version },
    });
    expect(discarded.status).toBe(200);
    expect(discarded.body.data?.draft).toBeNull();
    expect(discarded.body.data?.title).toBe(`Harbour reopens today ${live._id}`);
    expect((await detail(live._id)).draft).toBeNull();
    const none = await call('POST', `/cms/${live._id}/discard`, {
      token,
      body: { version: discarded.body.data?.version },
    });
    expect(none.status).toBe(400);
  });

  it('still saves a Draft as a Draft, and a media article on Save publishes as before', async () => {
    const draft = await createArticle(token, article(`Budget notes ${newId()}`));
    await lock(draft._id);
    const again = await saved(draft, fields(`Budget notes, revised ${draft._id}`));
    expect(again.status).toBe('Draft');
    expect(again.title).toBe(`Budget notes, revised ${draft._id}`);
    expect(again.draft).toBeNull();
  });
});

describe('autosave', () => {
  it('keeps what the editor holds without touching the article, for its user only, and a Save spends it', async () => {
    const a = await createArticle(token, article(`Night shift ${newId()}`), 'publish');
    const typed = {
      title: `Night shift <b>${a._id}</b>`,
      body: [{ title: '', body: paragraph('Half typed <img src=x onerror=alert(1)>') }],
    };
    const res = await call<{ savedAt: string }>('POST', `/cms/${a._id}/autosave`, {
      token,
      body: { baseVersion: a.version, fields: typed },
    });
    expect(res.status).toBe(200);
    const after = await detail(a._id);
    expect(after.version).toBe(a.version);
    expect(after.status).toBe('Published');
    expect(after.title).toBe(a.title);

    const mine = (await call<ArticleAutosave | null>('GET', `/cms/${a._id}/autosave`, { token })).body.data;
    expect(mine?.fields.title).toBe(typed.title);
    expect(JSON.stringify(mine?.fields.body)).not.toContain('onerror');
    expect(mine?.savedAt).toBe(res.body.data?.savedAt);

    const other = await actorWith({ Cms: ['Read', 'Edit'] });
    expect((await call('GET', `/cms/${a._id}/autosave`, { token: other.token })).body.data).toBeNull();
    const reader = await actorWith({ Cms: ['Read'] });
    const refused = await call('POST', `/cms/${a._id}/autosave`, { token: reader.token, body: { nonsense: true } });
    expect(refused.status).toBe(403);

    await lock(a._id);
    await saved(a, fields(`Night shift ends ${a._id}`));
    expect((await call('GET', `/cms/${a._id}/autosave`, { token })).body.data).toBeNull();
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: articleAutosaveKey(a._id, adminId) }));
    expect(stored.Item).toBeUndefined();
  });

  it('refuses an autosave too large or not shaped like an article with 4xx, writing nothing', async () => {
    const a = await createArticle(token, article(`Late edition ${newId()}`));
    // Each paragraph within its own limit (MAX_INLINE_HTML_LENGTH), together over the article's.
    const huge = { blocks: Array.from({ length: 10 }, () => paragraph('x'.repeat(19_000)).blocks[0]) };
    const big = await call('POST', `/cms/${a._id}/autosave`, {
      token,
      body: { baseVersion: 1, fields: { title: 'x', body: [0, 1].map(() => ({ title: '', body: huge })) } },
    });
    expect(big.status).toBe(413);
    const bad = await call('POST', `/cms/${a._id}/autosave`, { token, body: { baseVersion: 1, fields: { title: 7 } } });
    expect(bad.status).toBe(400);
    expect((await call('GET', `/cms/${a._id}/autosave`, { token })).body.data).toBeNull();
  });
});

describe('revisions', () => {
  it('keeps every save as a revision and restores one as a normal save', async () => {
    const a = await createArticle(token, article(`Bridge repairs ${newId()}`));
    await lock(a._id);
    const second = await saved(a, fields(`Bridge repairs begin ${a._id}`, 'Work starts Monday.'));
    const third = await saved(second, fields(`Bridge repairs delayed ${a._id}`, 'Work starts in May.'));
    const list = await revisions(a._id);
    expect(list.map((r) => r.number)).toEqual([3, 2, 1]);
    expect(list[0]?.title).toBe(`Bridge repairs delayed ${a._id}`);
    expect(list.every((r) => r.bytes > 0)).toBe(true);

    const firstRes = await call<Revision>('GET', `/cms/${a._id}/revisions/1`, { token });
    expect(firstRes.status, errorText(firstRes)).toBe(200);
    const first = firstRes.body.data;
    expect(first?.fields.title).toBe(a.title);
    const restored = await call<ArticleDetail>('POST', `/cms/${a._id}/revisions/2/restore`, {
      token,
      body: { version: third.version },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data?.title).toBe(`Bridge repairs begin ${a._id}`);
    expect(restored.body.data?.version).toBe(third.version + 1);
    expect((await revisions(a._id))[0]).toMatchObject({ number: 4, action: 'restore' });
    const history = (await call<{ list: { action: string }[] }>('GET', `/cms/history/${a._id}`, { token })).body.data
      ?.list;
    expect(history?.[0]?.action).toBe('restore');

    const stale = await call('POST', `/cms/${a._id}/revisions/1/restore`, { token, body: { version: third.version } });
    expect(stale.status).toBe(409);
    expect((await call('GET', `/cms/${a._id}/revisions/99`, { token })).status).toBe(404);
    expect((await call('GET', `/cms/${a._id}/revisions/1e3`, { token })).status).toBe(404);
  });

  it(`keeps the last ${REVISIONS_KEPT} revisions and every one that went live`, async () => {
    let a = await createArticle(token, article(`Long story ${newId()}`), 'publish');
    await lock(a._id);
    for (let i = 0; i < REVISIONS_KEPT + 1; i++) a = await saved(a, fields(`Long story ${i} ${a._id}`));
    const numbers = (await revisions(a._id)).map((r) => r.number);
    // Revision 1 went live (created as Published); 2 expired when 52 was stored; 3 … 52 are the last 50.
    expect(numbers).toContain(1);
    expect(numbers).not.toContain(2);
    expect(numbers).toHaveLength(REVISIONS_KEPT + 1);
  });
});

describe('edit locks', () => {
  it('shows who is editing, refuses their saves to others, and hands over on Take over', async () => {
    const a = await createArticle(token, article(`Election night ${newId()}`));
    const second = await actorWith({ Cms: ['Read', 'Edit'] });
    const mine = (await lock(a._id)).body.data;
    expect(mine).toMatchObject({ mine: true, holder: { _id: adminId } });

    const theirs = (await lock(a._id, second.token)).body.data;
    expect(theirs).toMatchObject({ mine: false, holder: { _id: adminId }, since: mine?.since });
    const refused = await save(a, fields(`Election night live ${a._id}`), second.token);
    expect(refused.status).toBe(409);
    expect(errorText(refused)).toContain('is editing this article');
    const listAction = await call('PATCH', `/cms/${a._id}`, {
      token: second.token,
      body: { version: a.version, action: 'publish' },
    });
    expect(listAction.status).toBe(409);

    const taken = (await lock(a._id, second.token, true)).body.data;
    expect(taken).toMatchObject({ mine: true, holder: { _id: second.user._id }, takenFrom: { _id: adminId } });
    expect((await lock(a._id)).body.data).toMatchObject({ mine: false, holder: { _id: second.user._id } });
    const mineRefused = await save(a, fields(`Election night, my version ${a._id}`));
    expect(mineRefused.status).toBe(409);
    expect(await detail(a._id)).toMatchObject({ version: a.version, title: a.title });

    expect((await save(a, fields(`Election night live ${a._id}`), second.token)).status).toBe(200);
    await call('DELETE', `/cms/${a._id}/lock`, { token: second.token });
    expect((await lock(a._id)).body.data?.mine).toBe(true);
  });

  it('takes a save without a lock while nobody else holds one (a script), still refusing a stale one', async () => {
    const a = await createArticle(token, article(`Quiet day ${newId()}`));
    const none = await save(a, fields(`Quiet day ${a._id}`));
    expect(none.status, errorText(none)).toBe(200);
    expect(await detail(a._id)).toMatchObject({ title: `Quiet day ${a._id}`, version: a.version + 1 });
    const stale = await save(a, fields(`Quiet day, stale ${a._id}`));
    expect(stale.status).toBe(409);
    expect(await detail(a._id)).toMatchObject({ title: `Quiet day ${a._id}` });
    // Someone else's live lock refuses it, saying who.
    const holder = await actorWith({ Cms: ['Read', 'Edit'] });
    expect((await lock(a._id, holder.token)).body.data?.mine).toBe(true);
    const refused = await save({ ...a, version: a.version + 1 }, fields(`Quiet day, mine ${a._id}`));
    expect(refused.status).toBe(409);
    expect(errorText(refused)).toContain(`${holder.user.name} is editing this article`);
    expect(await detail(a._id)).toMatchObject({ title: `Quiet day ${a._id}` });
  });

  it('lets a lapsed lock go (the clock moved past it)', async () => {
    const a = await createArticle(token, article(`Quiet day ${newId()}`));

    const other = await actorWith({ Cms: ['Read', 'Edit'] });
    const otherUser = { _id: other.user._id, name: other.user.name } as AuthUser;
    // Taken, then never refreshed: EDIT_LOCK_SECONDS later it has lapsed.
    await takeLock(a._id, otherUser, false, new Date(Date.now() - (EDIT_LOCK_SECONDS + 1) * 1000));
    const mine = (await lock(a._id)).body.data;
    expect(mine).toMatchObject({ mine: true, takenFrom: null });
    expect((await save(a, fields(`Quiet day, edited ${a._id}`))).status).toBe(200);
    // And a live one, taken a moment ago, is not lapsed.
    const b = await createArticle(token, article(`Busy day ${newId()}`));
    await takeLock(b._id, otherUser, false, new Date(Date.now() - (EDIT_LOCK_SECONDS - 10) * 1000));
    expect((await lock(b._id)).body.data?.mine).toBe(false);
  });

  it('decides permission before anything else: 403 for a user who cannot edit the article', async () => {
    const a = await createArticle(token, article(`Sports desk ${newId()}`));
    const reader = await actorWith({ Cms: ['Read'] });
    expect((await lock(a._id, reader.token)).status).toBe(403);
    const own = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    expect((await lock(a._id, own.token)).status).toBe(403);
    expect((await call('POST', `/cms/${newId()}/lock`, { token, body: {} })).status).toBe(404);
    const forged = await call('POST', `/cms/${a._id}/lock`, { token, body: { takeOver: 'yes', holder: 'x' } });
    expect(forged.status).toBe(400);
  });
});

describe('who may change a live article: the workflow decides the lock and Discard too', () => {
  it('refuses a contributor, even the author, taking over the lock or discarding an editor’s unpublished changes', async () => {
    const contributor = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    // The contributor's own story, published by an editor, now being changed by that editor.
    const submitted = await postArticle(
      contributor.token,
      { ...article(`Bridge repairs ${newId()}`), user: contributor.user._id },
      'publish',
    );
    const draft = submitted.body.data as ArticleDetail;
    expect(draft.status).toBe('Need Review');
    await lock(draft._id);
    const live = await saved(draft, { ...fields(`Bridge repairs ${draft._id}`), user: contributor.user._id }, token);
    const published = await call<ArticleDetail>('PATCH', `/cms/${live._id}`, {
      token,
      body: { version: live.version, action: 'publish' },
    });
    expect(published.body.data?.status).toBe('Published');
    const changed = await saved(published.body.data as ArticleDetail, {
      ...fields(`Bridge repairs finish ${live._id}`),
      user: contributor.user._id,
    });
    expect(changed.draft).not.toBeNull();

    const takeOver = await lock(live._id, contributor.token, true);
    expect(takeOver.status).toBe(403);
    expect(errorText(takeOver)).toBe('Forbidden: Only an editor can change a published or scheduled article');
    const discard = await call('POST', `/cms/${live._id}/discard`, {
      token: contributor.token,
      body: { version: changed.version },
    });
    expect(discard.status).toBe(403);
    expect(errorText(discard)).toBe('Forbidden: Only an editor can change a published or scheduled article');

    // The editor still holds the lock, and the unpublished changes are still there.
    expect((await lock(live._id)).body.data).toMatchObject({ mine: true, takenFrom: null });
    expect((await detail(live._id)).draft?.fields.title).toBe(`Bridge repairs finish ${live._id}`);
    // A free lock is refused as well: the contributor's editor opens the live article read-only.
    await call('DELETE', `/cms/${live._id}/lock`, { token });
    expect((await lock(live._id, contributor.token)).status).toBe(403);
  });
});
