/**
 * Nothing unpublished ever leaves the delivery API: over every status × publish time × trashed or live with
 * unpublished changes, an article is shown (by slug, by id, on its author's page) only when it is Published and its
 * publish date has come, and a live article's saved changes never show. The delivery Lambda runs in this process,
 * so the test also sees every table request it makes: a request without a live key reads no content at all.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleDraftKey, articleKey, rowItem } from '../../functions/article/model';
import { authorSlug, projectArticle } from '../../functions/content-changes/articles';
import { db, tableName } from '../../functions/lib/db/client';
import { newId, nowIso } from '../../functions/lib/ids';
import { CONTENT_KEY_HEADER } from '../../shared/addresses';
import { ARTICLE_STATUSES } from '../../shared/constants';
import type { PublicArticle, PublicCard, PublicPage } from '../../shared/schemas/content';
import { direct } from './direct';
import { articleContent, articleRecord, callRoute, dataOf, putLegacyArticle } from './factories';
import { admin, login } from './helpers';

let key: string;
let revokedKey: string;

beforeAll(async () => {
  const token = await login(admin.email, admin.password);
  const make = (name: string) =>
    dataOf(callRoute('POST /site-management/content-keys', { token, body: { name } }), 'make a key');
  key = (await make('Visibility')).key;
  const revoked = await make('Revoked');
  revokedKey = revoked.key;
  await callRoute('POST /site-management/content-keys/{id}/revoke', { token, params: { id: revoked._id } });
});

afterEach(() => vi.restoreAllMocks());

/** A GET with the key, another key, or (null) none. */
const read = <T>(path: string, as: string | null = key, headers: Record<string, string> = {}) =>
  direct<T>('GET', `/content/v1${path}`, {
    headers: { ...(as === null ? {} : { [CONTENT_KEY_HEADER]: as }), ...headers },
    sources: true,
  });

const hour = 3600_000;
const TIMES = {
  past: () => new Date(Date.now() - hour).toISOString(),
  future: () => new Date(Date.now() + hour).toISOString(),
  none: () => null,
} as const;
const VARIANTS = ['plain', 'trashed', 'liveWithChanges'] as const;

interface Case {
  status: (typeof ARTICLE_STATUSES)[number];
  time: keyof typeof TIMES;
  variant: (typeof VARIANTS)[number];
}

const CASES: Case[] = ARTICLE_STATUSES.flatMap((status) =>
  (Object.keys(TIMES) as (keyof typeof TIMES)[]).flatMap((time) =>
    VARIANTS.map((variant) => ({ status, time, variant })),
  ),
);

const shouldShow = (c: Case) => c.status === 'Published' && c.time === 'past' && c.variant !== 'trashed';

describe('generated visibility cases', () => {
  // One author for the run: their page lists exactly what is visible.
  const author = { _id: newId(), name: `Visible Writer ${newId().slice(-6)}` };

  it(`shows exactly the published, due, live articles of ${CASES.length} cases, and never an unpublished change`, async () => {
    const made = await Promise.all(
      CASES.map(async (c) => {
        const id = newId();
        const row = articleRecord(author, {
          _id: id,
          type: 'Article',
          status: c.status,
          publishDate: TIMES[c.time](),
          slug: `visibility-${id.toLowerCase()}`,
          ...(c.variant === 'liveWithChanges' ? { pendingChanges: { at: nowIso(), by: null } } : {}),
        });
        await putLegacyArticle(row, articleContent('Published words.'));
        if (c.variant === 'trashed') {
          // As the trash moves it: the row leaves its key for `TRASH` in its partition.
          await db().send(new PutCommand({ TableName: tableName(), Item: { ...rowItem(row), sk: 'TRASH' } }));
          await db().send(new DeleteCommand({ TableName: tableName(), Key: articleKey(id) }));
        }
        if (c.variant === 'liveWithChanges') {
          const draft = { ...articleDraftKey(id), at: nowIso(), by: null, fields: { title: `LEAK ${id}`, body: [] } };
          await db().send(new PutCommand({ TableName: tableName(), Item: draft }));
        }
        await projectArticle(id);
        return { c, id, slug: row.slug };
      }),
    );
    const problems: string[] = [];
    for (const { c, id, slug } of made) {
      const label = `${c.status}/${c.time}/${c.variant}`;
      const bySlug = await read<PublicArticle>(`/articles/${slug}`);
      const byId = await read<PublicArticle>(`/articles/id/${id}`);
      const expected = shouldShow(c) ? 200 : 404;
      if (bySlug.status !== expected) problems.push(`${label}: by slug ${bySlug.status}, expected ${expected}`);
      if (byId.status !== expected) problems.push(`${label}: by id ${byId.status}, expected ${expected}`);
      for (const answer of [bySlug, byId]) {
        if (JSON.stringify(answer.body).includes('LEAK')) problems.push(`${label}: an unpublished change leaked`);
      }
    }
    expect(problems).toEqual([]);
    const page = await read<PublicPage<PublicCard>>(`/authors/${authorSlug(author.name, author._id)}`);
    const visible = made.filter((m) => shouldShow(m.c)).map((m) => m.id);
    expect(page.body.data?.list.map((card) => card.id).sort()).toEqual(visible.sort());
    expect(JSON.stringify(page.body)).not.toContain(author._id);
  });
});

describe('keys, before any read', () => {
  /** The table requests the delivery Lambda makes in this process, by the partition each one names. */
  function watchReads() {
    const send = db().send.bind(db());
    const partitions: string[] = [];
    vi.spyOn(db(), 'send').mockImplementation(((command: { input: Record<string, unknown> }) => {
      const input = command.input as { Key?: { pk?: string }; ExpressionAttributeValues?: Record<string, unknown> };
      partitions.push(String(input.Key?.pk ?? input.ExpressionAttributeValues?.[':pk'] ?? 'batch'));
      return send(command as never);
    }) as never);
    return partitions;
  }

  it('refuses no key, a malformed one, a wrong secret and a revoked key with 401, reading no content', async () => {
    const id = newId();
    const wrong = `apk_${id}_${'x'.repeat(43)}`;
    for (const [label, sent] of [
      ['none', null],
      ['empty', ''],
      ['malformed', 'not-a-key'],
      ['wrong secret', `${key.slice(0, -43)}${'A'.repeat(43)}`],
      ['unknown id', wrong],
      ['revoked', revokedKey],
    ] as const) {
      const partitions = watchReads();
      const answer = await read('/home', sent);
      expect(answer.status, label).toBe(401);
      expect(answer.headers['cache-control'], label).toBe('no-store');
      expect(
        partitions.filter((pk) => !pk.startsWith('APIKEY#')),
        label,
      ).toEqual([]);
      vi.restoreAllMocks();
    }
  });
});
