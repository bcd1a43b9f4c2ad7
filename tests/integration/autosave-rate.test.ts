/**
 * The per-user rate of autosaves (CONTRACT.md §9): past it, 429 with the documented error shape and Retry-After,
 * and nothing written; one conditional write per autosave, so a burst lets exactly the allowance through.
 * Called in-process (direct.ts) with the clock held inside one window.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../functions/lib/clock';
import { newId } from '../../functions/lib/ids';
import { AUTOSAVE_RATE } from '../../shared/constants';
import { direct, messageOf } from './direct';
import { actorWith, articleFields, createArticle, createCategory } from './factories';
import { admin, call, login } from './helpers';

type Writer = { user: { _id: string }; token: string };
let categoryId: string;

/** A writer with an article of their own to autosave. */
async function writerWithArticle(): Promise<{ writer: Writer; id: string; version: number }> {
  const writer = await actorWith({ Cms: ['Read', 'Write', 'EditOwn'] });
  const article = await createArticle(
    writer.token,
    articleFields({ categories: [categoryId], user: writer.user._id }, { title: `Autosaved ${newId()}` }),
  );
  return { writer, id: article._id, version: article.version };
}

const autosave = (writer: Writer, id: string, version: number, title: string) =>
  direct<{ savedAt: string }>('POST', `/cms/${id}/autosave`, {
    token: writer.token,
    body: { baseVersion: version, fields: { title } },
  });

/** Ten seconds into a window, so a test's calls all fall in it; `after` seconds later when asked. */
function holdClock(after = 0): number {
  const window = AUTOSAVE_RATE.windowSeconds * 1000;
  const at = (Math.floor(Date.now() / window) + 1) * window + 10_000 + after * 1000;
  setClock(() => at);
  return at;
}

beforeAll(async () => {
  const token = await login(admin.email, admin.password);
  categoryId = (await createCategory(token, { name: `Autosave rate ${newId()}` }))._id;
});

afterEach(() => setClock(undefined));

describe('the autosave rate', () => {
  it(`takes ${AUTOSAVE_RATE.max} autosaves a minute, refuses the next with 429 writing nothing, and takes them again the next minute`, async () => {
    const { writer, id, version } = await writerWithArticle();
    holdClock();
    for (let n = 1; n <= AUTOSAVE_RATE.max; n++) {
      expect((await autosave(writer, id, version, `Draft ${n}`)).status).toBe(200);
    }
    const refused = await autosave(writer, id, version, 'One too many');
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toBe(
      `TooManyRequests: Too many autosaves (at most ${AUTOSAVE_RATE.max} a minute); the editor keeps the text and sends it again after the wait`,
    );
    // Ten seconds into the window: the rest of it.
    expect(refused.headers['retry-after']).toBe(String(AUTOSAVE_RATE.windowSeconds - 10));
    const kept = await call<{ fields: { title: string } }>('GET', `/cms/${id}/autosave`, { token: writer.token });
    expect(kept.body.data?.fields.title).toBe(`Draft ${AUTOSAVE_RATE.max}`);

    holdClock(AUTOSAVE_RATE.windowSeconds);
    expect((await autosave(writer, id, version, 'Next minute')).status).toBe(200);
  });

  it('lets exactly the allowance through when autosaves arrive all at once', async () => {
    const { writer, id, version } = await writerWithArticle();
    holdClock();
    const burst = await Promise.all(
      Array.from({ length: AUTOSAVE_RATE.max + 30 }, (_, n) => autosave(writer, id, version, `Burst ${n}`)),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(AUTOSAVE_RATE.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });

  it('counts each user on their own', async () => {
    const first = await writerWithArticle();
    const second = await writerWithArticle();
    holdClock();
    for (let n = 0; n < AUTOSAVE_RATE.max; n++) await autosave(first.writer, first.id, first.version, `Mine ${n}`);
    expect((await autosave(first.writer, first.id, first.version, 'Mine, one more')).status).toBe(429);
    expect((await autosave(second.writer, second.id, second.version, 'Theirs')).status).toBe(200);
  });
});
