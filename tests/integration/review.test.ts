import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../functions/lib/ids';
import { publishDue } from '../../functions/publisher/handler';
import type { AuditEntry, AuditPage } from '../../shared/audit';
import { REVIEW_NOTE_MAX } from '../../shared/constants';
import type { Dashboard } from '../../shared/schemas/dashboard';
import {
  type ArticleOverrides,
  actorWith,
  articleFields,
  articleRecord,
  createArticle,
  createCategory,
  putCountedArticleRow,
  sections,
} from './factories';
import { call, editorCall, errorText, inHours, rootSession } from './helpers';

interface Article {
  _id: string;
  status: string;
  title: string;
  version: number;
  returned: { note: string; at: string; by: { _id: string; name: string } } | null;
}

let root: string;
let rootId: string;
let categoryId: string;

beforeAll(async () => {
  ({ token: root, id: rootId } = await rootSession());
  categoryId = (await createCategory(root, { name: `Review ${newId()}` }))._id;
});

/** A valid Article by `user` in this file's category. */
const article = (user: string, extra: ArticleOverrides = {}) =>
  articleFields(
    { categories: [categoryId], user },
    { title: `Bridge reopens ${newId()}`, body: sections('The bridge reopened.'), ...extra },
  );

const patch = (a: Pick<Article, '_id' | 'version'>, body: Record<string, unknown>, token = root) =>
  editorCall<Article>('PATCH', `/cms/${a._id}`, { token, body: { version: a.version, ...body } });
const detail = async (id: string, token = root) =>
  (await call<Article>('GET', `/cms/detail/${id}`, { token })).body.data as Article;
const dashboard = async (token: string) =>
  (await call<Dashboard>('GET', '/dashboard', { token })).body.data as Dashboard;

/** A contributor's article waiting in Need Review. */
async function submitted(contributor: { user: { _id: string }; token: string }) {
  return createArticle(contributor.token, article(contributor.user._id), 'publish');
}

/** Every audit entry about one article, oldest first. */
async function auditOf(articleId: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const res = await call<AuditPage>('GET', `/audit?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { token: root });
    const page = res.body.data as AuditPage;
    entries.push(...page.list.filter((e) => e.targetId === articleId));
    cursor = page.next;
    if (!cursor) break;
  }
  return entries.reverse();
}

describe('reject with a note', () => {
  it('refuses a reject without a note, or with one over the limit, and changes nothing', async () => {
    const contributor = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    const a = await submitted(contributor);
    const bare = await patch(a, { action: 'reject' });
    expect(bare.status).toBe(400);
    expect(errorText(bare)).toContain('a note is required to reject');
    const blank = await patch(a, { action: 'reject', note: '   ' });
    expect(blank.status).toBe(400);
    const long = await patch(a, { action: 'reject', note: 'x'.repeat(REVIEW_NOTE_MAX + 1) });
    expect(long.status).toBe(400);
    expect(errorText(long)).toContain(`At most ${REVIEW_NOTE_MAX} characters`);
    expect((await detail(a._id)).status).toBe('Need Review');
  });

  it('refuses a contributor (403) before it looks at the note', async () => {
    const contributor = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    const other = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    const a = await submitted(contributor);
    expect((await patch(a, { action: 'reject' }, other.token)).status).toBe(403);
  });

  it('shows the note to the author on the article, in its history and on their dashboard, until it is resubmitted', async () => {
    const contributor = await actorWith({ Cms: ['Write', 'EditOwn'] });
    const first = await submitted(contributor);
    const second = await submitted(contributor);
    const note = 'Name the source of the \u202Equote\u202C in the second paragraph.';
    const rejected = await patch(first, { action: 'reject', note });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data?.status).toBe('Rejected');
    await patch(second, { action: 'reject', note: 'Too long: cut it to 600 words.' });

    // Cleaned like every stored text (the bidi controls are gone), and the author reads it on the article.
    const clean = 'Name the source of the quote in the second paragraph.';
    const seen = await detail(first._id, contributor.token);
    expect(seen.returned).toMatchObject({ note: clean, by: { _id: rootId } });

    const history = (
      await call<{ list: { action: string; to: string; note?: string }[] }>('GET', `/cms/history/${first._id}`, {
        token: contributor.token,
      })
    ).body.data?.list;
    expect(history?.[0]).toMatchObject({ action: 'reject', to: 'Rejected', note: clean });

    // Newest first, with the note: the second article was sent back last.
    const returned = (await dashboard(contributor.token)).returned;
    expect(returned?.map((r) => [r._id, r.note])).toEqual([
      [second._id, 'Too long: cut it to 600 words.'],
      [first._id, clean],
    ]);
    expect(returned?.[0]).toMatchObject({ title: second.title, type: 'Article', by: { _id: rootId } });

    // Submitted again, it leaves "Returned to me" and its note leaves the article (the history keeps it).
    const again = await patch(await detail(first._id), { action: 'publish' }, contributor.token);
    expect(again.body.data?.status).toBe('Need Review');
    expect(again.body.data?.returned).toBeNull();
    expect((await dashboard(contributor.token)).returned?.map((r) => r._id)).toEqual([second._id]);
  });

  it('takes a returned article off the dashboard while it is in the trash, and puts it back on a restore', async () => {
    const contributor = await actorWith({ Cms: ['Write', 'EditOwn', 'Remove'] });
    const a = await submitted(contributor);
    await patch(a, { action: 'reject', note: 'Check the dates.' });
    expect((await call('DELETE', `/cms/${a._id}`, { token: contributor.token })).status).toBe(200);
    expect((await dashboard(contributor.token)).returned).toEqual([]);
    expect((await call('POST', `/cms/trash/${a._id}/restore`, { token: contributor.token })).status).toBe(200);
    expect((await dashboard(contributor.token)).returned?.map((r) => [r._id, r.note])).toEqual([
      [a._id, 'Check the dates.'],
    ]);
  });

  it('gives no "Returned to me" to a user who cannot write articles', async () => {
    const reader = await actorWith({ Cms: ['Read'] });
    expect((await dashboard(reader.token)).returned).toBeNull();
  });
});

/** A Scheduled article whose time has come, written straight to the table (the API would publish it at once). */
async function dueScheduledArticle(): Promise<string> {
  const id = newId();
  const row = articleRecord(
    { _id: rootId, name: 'Root' },
    {
      _id: id,
      type: 'Article',
      status: 'Scheduled',
      title: `Due story ${id}`,
      slug: `due-story-${id.toLowerCase()}`,
      publishDate: new Date(Date.now() - 60_000).toISOString(),
    },
  );
  await putCountedArticleRow(row);
  return id;
}

describe('the audit trail of editorial moves', () => {
  it('records submit, reject (with the note), approve, publish and retract from the list, one entry each', async () => {
    const contributor = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
    const a = await submitted(contributor);
    let current = (await patch(a, { action: 'reject', note: 'Add a photo credit.' })).body.data as Article;
    current = (await patch(current, { action: 'publish' }, contributor.token)).body.data as Article;
    current = (await patch(current, { action: 'approve' })).body.data as Article;
    current = (await patch(current, { action: 'publish' })).body.data as Article;
    current = (await patch(current, { action: 'retract' })).body.data as Article;
    expect(current.status).toBe('Retract');

    const entries = await auditOf(a._id);
    expect(entries.map((e) => [e.action, e.changes?.status])).toEqual([
      ['articleSubmitted', [null, 'Need Review']],
      ['articleRejected', ['Need Review', 'Rejected']],
      ['articleSubmitted', ['Rejected', 'Need Review']],
      ['articleApproved', ['Need Review', 'Approved']],
      ['articlePublished', ['Approved', 'Published']],
      ['articleRetracted', ['Published', 'Retract']],
    ]);
    expect(entries[1]).toMatchObject({
      actorId: rootId,
      targetType: 'article',
      targetName: a.title,
      note: 'Add a photo credit.',
    });
    expect(entries[0]).toMatchObject({ actorId: contributor.user._id, ip: expect.stringMatching(/\d|:/) });
  });

  it("records an editor's Publish from the editor (published, or scheduled), not a Save as Draft", async () => {
    const a = await createArticle(root, article(rootId), 'save');
    const saved = await patch(a, { ...article(rootId, { title: a.title }), action: 'save' });
    const published = await patch(saved.body.data as Article, {
      ...article(rootId, { title: a.title }),
      action: 'publish',
    });
    expect(published.body.data?.status).toBe('Published');
    const later = await createArticle(root, article(rootId, { publishDate: inHours(5) }), 'publish');
    expect(later.status).toBe('Scheduled');

    expect((await auditOf(a._id)).map((e) => e.action)).toEqual(['articlePublished']);
    expect((await auditOf(later._id)).map((e) => e.action)).toEqual(['articleScheduled']);
  });

  it("records the scheduled publisher's publishing as its own", async () => {
    const id = await dueScheduledArticle();
    await publishDue();
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'articlePublished',
      actorName: 'Scheduled publishing',
      targetType: 'article',
      targetId: id,
      changes: { status: ['Scheduled', 'Published'] },
    });
    expect(entries[0]).not.toHaveProperty('actorId');
  });

  it('records trash, restore and delete for good of an article by its title', async () => {
    const a = await createArticle(root, article(rootId));
    await call('DELETE', `/cms/${a._id}`, { token: root });
    await call('POST', `/cms/trash/${a._id}/restore`, { token: root });
    await call('DELETE', `/cms/${a._id}`, { token: root });
    await call('DELETE', `/cms/trash/${a._id}`, { token: root });
    expect((await auditOf(a._id)).map((e) => [e.action, e.targetType, e.targetName])).toEqual([
      ['recordTrashed', 'article', a.title],
      ['recordRestored', 'article', a.title],
      ['recordTrashed', 'article', a.title],
      ['recordDeleted', 'article', a.title],
    ]);
  });
});
