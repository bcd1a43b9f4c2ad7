/**
 * The publisher's minute sweep (functions/publisher/layout-sweep.ts): an article that left the site without
 * leaving its home-page slots (its transaction committed, the slot removal after it never ran) is taken out of
 * every slot by the next run; live articles stay where they are.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getArticleRow, replaceArticle } from '../../functions/article/model';
import { newId } from '../../functions/lib/ids';
import { publishDue } from '../../functions/publisher/handler';
import { articleFields, createArticle, createCategory } from './factories';
import { call, errorText, rootSession } from './helpers';

interface Layout {
  _id: string;
  version: number;
  body: { headlines: { _id: string }[]; topStory: { _id: string }[]; coverStory: { _id: string } | null };
}

let token: string;
let refs: { categories: string[]; user: string };

const home = async () => (await call<Layout>('GET', '/layout/home', { token })).body.data as Layout;
const published = async (title: string) =>
  (await createArticle(token, articleFields(refs, { title }), 'publish')) as unknown as { _id: string };

beforeAll(async () => {
  const session = await rootSession();
  token = session.token;
  refs = { categories: [(await createCategory(token, { name: `Sweep ${newId()}` }))._id], user: session.id };
});

describe("the publisher's sweep of the home page", () => {
  it('takes out an article no longer live that its own write left in the slots, and keeps the live ones', async () => {
    const [gone, live] = [await published(`Left behind ${newId()}`), await published(`Still live ${newId()}`)];
    const layout = await home();
    const saved = await call('PATCH', `/layout/${layout._id}`, {
      token,
      body: {
        version: layout.version,
        body: { headlines: [gone._id, live._id], topStory: [gone._id], coverStory: gone._id, sections: [] },
      },
    });
    expect(saved.status, errorText(saved)).toBe(200);

    // Taken off the site by its own transaction only, as if the Lambda had stopped before the slot removal.
    const row = await getArticleRow(gone._id);
    if (!row) throw new Error('missing');
    await replaceArticle(row, { ...row, status: 'Draft', version: row.version + 1 }, []);
    expect((await home()).body.headlines.map((a) => a._id)).toContain(gone._id);

    const run = await publishDue();
    expect(run.unplaced).toBe(1);
    const after = (await home()).body;
    expect(after.headlines.map((a) => a._id)).toEqual([live._id]);
    expect(after.topStory).toEqual([]);
    expect(after.coverStory).toBeNull();
    expect((await publishDue()).unplaced).toBe(0);
  });
});
