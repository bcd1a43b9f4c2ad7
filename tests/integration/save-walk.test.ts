/**
 * How many of our files an editor's save (PATCH /cms/{id}) runs code in, measured with V8's precise coverage
 * around one save in this process, beyond those a signed-in read of the same Lambda runs (the gate, the router,
 * logging: what every route passes through). A reader following the save from the route to DynamoDB opens these
 * files and no others. It was 35 before the article had one model, and 32 with it (functions/README.md, "The
 * save, file by file"). It is 36 since the read-only parts of the article, asset and search modules were split
 * out (article/read.ts, article/content.ts, asset/media.ts, search/keys.ts), so the delivery and preview Lambdas
 * reach no write command; the check keeps it from growing further.
 */
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../functions/lib/ids';
import { direct } from './direct';
import { articleFields, createArticle, createCategory } from './factories';
import { admin, login } from './helpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Covered {
  url: string;
  functions: { ranges: { count: number }[] }[];
}

/** Our source files (functions/, shared/) in which at least one function ran since the last take. */
function ranFiles(result: Covered[]): string[] {
  const files = new Set<string>();
  for (const script of result) {
    const path = script.url.startsWith('file://') ? fileURLToPath(script.url) : script.url;
    const file = relative(ROOT, path.split('?')[0] ?? path);
    if (!/^(functions|shared)\//.test(file)) continue;
    if (script.functions.some((f) => (f.ranges[0]?.count ?? 0) > 0)) files.add(file);
  }
  return [...files].sort();
}

let token: string;
let fields: ReturnType<typeof articleFields>;

beforeAll(async () => {
  token = await login(admin.email, admin.password);
  const category = await createCategory(token, { name: `Walk ${newId()}` });
  const me = await direct<{ _id: string }>('GET', '/user/me', { token, sources: true });
  fields = articleFields({ categories: [category._id], user: me.body.data?._id ?? '' });
});

describe('the save walk', () => {
  it('runs code in no more of our files than it did with one model per entity', async () => {
    const article = (await createArticle(token, { ...fields, title: `Walk ${newId()}` })) as {
      _id: string;
      version: number;
    };
    const save = async (version: number, title: string) => {
      await direct('POST', `/cms/${article._id}/lock`, { token, body: { takeOver: true }, sources: true });
      return direct<{ version: number }>('PATCH', `/cms/${article._id}`, {
        token,
        body: { ...fields, title, version, action: 'save' },
        sources: true,
      });
    };
    // The first save loads every module; the second is the walk.
    const first = await save(article.version, 'Walk, first save');
    expect(first.status).toBe(200);
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await direct('POST', `/cms/${article._id}/lock`, { token, body: { takeOver: true }, sources: true });
    await session.post('Profiler.takePreciseCoverage');
    const second = await direct<{ version: number }>('PATCH', `/cms/${article._id}`, {
      token,
      body: { ...fields, title: 'Walk, second save', version: first.body.data?.version, action: 'save' },
      sources: true,
    });
    const { result } = (await session.post('Profiler.takePreciseCoverage')) as { result: Covered[] };
    await direct('GET', '/cms/notification', { token, sources: true });
    const pipeline = ranFiles(((await session.post('Profiler.takePreciseCoverage')) as { result: Covered[] }).result);
    await session.post('Profiler.stopPreciseCoverage');
    session.disconnect();
    expect(second.status).toBe(200);
    const files = ranFiles(result);
    const own = files.filter((f) => !pipeline.includes(f));
    console.log(
      `the save ran code in ${files.length} files, ${own.length} beyond a signed-in read's:\n${own.join('\n')}`,
    );
    expect(own.length).toBeLessThanOrEqual(36);
  });
});
