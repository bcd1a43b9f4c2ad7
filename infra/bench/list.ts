/**
 * `npm run bench:list` (issue 6): seeds 100,000 articles (BENCH_ARTICLES overrides) into a fresh in-memory
 * DynamoDB Local exactly as functions/cms/repo.ts stores them, then times the article list's reads and counts
 * their DynamoDB requests and consumed read capacity (infra/bench/dynamo-meter.ts): list page 1, page 500, a
 * status tab, a title search with and without a day, and the publisher's sweep. Prints a Markdown table and the
 * issue's targets. Exits non-zero only when the benchmark cannot run, not when a target is missed.
 */
import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { type ArticleContent, type ArticleRecord, contentItem, rowItem } from '../../functions/cms/repo';
import { findArticles } from '../../functions/cms/service';
import { db, resetDbClient, tableName } from '../../functions/lib/db/client';
import { CMS_ENTITY } from '../../functions/lib/db/cms-keys';
import { counterKey } from '../../functions/lib/db/counter-keys';
import { searchable } from '../../functions/lib/text';
import { publishDue } from '../../functions/publisher/handler';
import { dueArticles } from '../../functions/publisher/repo';
import { ARTICLE_STATUSES, type ArticleStatus, type ArticleType } from '../../shared/constants';
import { slugify } from '../../shared/schemas/category';
import { startDynamo } from '../local/dynamo';
import { ensureTable } from '../local/setup';
import { attachMeter, itemSize, type Meter, type Reading } from './dynamo-meter';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const RUNS = 5;
const PAGE_SIZE = 10;
const FAR_PAGE = 500;
const BATCH = 25;
const IN_FLIGHT = 4;
const DUE = 20;
const CATEGORIES = 30;
const AUTHORS = 50;
const SEARCH_WORD = 'zeppelin';
const TARGET_REQUESTS = 3;
const TARGET_RCU = 5;

const DAY = 86_400_000;
const NOW = Date.now();
const NOW_ISO = new Date(NOW).toISOString();

// ---------------------------------------------------------------- deterministic fake data

/** mulberry32: the same articles on every run (their dates relative to now). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20_240_601);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
function weighted<T>(table: readonly (readonly [T, number])[]): T {
  let r = random() * table.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of table) {
    r -= w;
    if (r < 0) return value;
  }
  return (table[table.length - 1] as readonly [T, number])[0];
}

const STATUS_MIX: [ArticleStatus, number][] = [
  ['Published', 70],
  ['Draft', 15],
  ['Need Review', 5],
  ['Approved', 5],
  ['Scheduled', 3],
  ['Pending', 0.7],
  ['Rejected', 0.7],
  ['Retract', 0.6],
];
const TYPE_MIX: [ArticleType, number][] = [
  ['Article', 50],
  ['Blog', 20],
  ['Video', 15],
  ['Gallery', 10],
  ['Page', 5],
];

const WORDS =
  'the city council budget election market river school health report minister festival storm harbour museum railway energy prices housing police court football season coach students farmers weather climate water airport bridge hospital library theatre tourism summer winter village mayor region industry workers union strike talks deal record growth inflation bank exports science research space satellite ocean forest wildlife park road traffic safety digital startup software data privacy court ruling appeal historic heritage music concert film award artist gallery community volunteers charity children families elders streets night market café'.split(
    ' ',
  );
const SUBJECTS = [
  'City council',
  'Regional hospital',
  'Harbour authority',
  'Local farmers',
  'Café owners',
  'The national team',
  'Railway workers',
  'University researchers',
  'The museum',
  'Weather service',
  'Energy regulator',
  'Startup founders',
  'Village elders',
  'Football club',
  'Film festival',
];
const VERBS = ['approves', 'rejects', 'unveils', 'delays', 'debates', 'celebrates', 'questions', 'expands', 'plans'];
const OBJECTS = [
  'new budget for riverside parks',
  'plan to rebuild the old bridge',
  'record summer season',
  'changes to night bus routes',
  'a decade of community work',
  'storm damage repairs',
  'cheaper school meals',
  'the airport expansion',
  'a festival of local music',
  'housing for young families',
  'research into cleaner energy',
  'the historic theatre reopening',
];

function sentence(min: number, max: number): string {
  const words = Array.from({ length: int(min, max) }, () => pick(WORDS));
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Editor.js paragraphs, some with inline markup, generated once and reused: sizes matter here, not prose. */
const PARAGRAPHS = Array.from({ length: 400 }, () => {
  const text = Array.from({ length: int(3, 7) }, () => sentence(6, 14)).join(' ');
  return random() < 0.3 ? text.replace(/ (\w+) (\w+)\./, ' <b>$1</b> <a href="https://example.com/$2">$2</a>.') : text;
});

const CATEGORY_LIST = Array.from({ length: CATEGORIES }, (_, i) => ({
  _id: ulid(NOW - 900 * DAY + i * 1000, random),
  name: `${pick(WORDS).replace(/^./, (c) => c.toUpperCase())} ${i + 1}`,
}));
const AUTHOR_LIST = Array.from({ length: AUTHORS }, (_, i) => ({
  _id: ulid(NOW - 900 * DAY + i * 1000, random),
  name: `${pick(['Ana', 'Ben', 'Chloé', 'Dev', 'Emma', 'Farid', 'Grace', 'Hugo', 'Iris', 'Jon'])} ${pick(['Moreau', 'Okafor', 'Silva', 'Novak', 'Berg', 'Tanaka', 'Kelly', 'Rossi'])} ${i + 1}`,
}));

function section(): ArticleContent['body'][number] {
  const target = int(1000, 2000);
  const blocks: { id: string; type: 'paragraph'; data: { text: string } }[] = [];
  let size = 0;
  while (size < target) {
    const text = pick(PARAGRAPHS);
    blocks.push({ id: ulid(NOW, random).slice(-10), type: 'paragraph', data: { text } });
    size += text.length + 40;
  }
  return { title: sentence(4, 8).slice(0, -1), body: { time: NOW, version: '2.31.7', blocks } };
}

interface Seeded {
  row: ArticleRecord;
  content: ArticleContent;
}

/** Article `i`, as createArticle/updateArticle would have stored it. */
function article(i: number, due: boolean): Seeded {
  const created = NOW - Math.floor(random() * 730 * DAY);
  const id = ulid(created, random);
  const type = weighted(TYPE_MIX);
  const status = due ? 'Scheduled' : weighted(STATUS_MIX);
  const matchesSearch = i % 100 === 42;
  const title = matchesSearch
    ? `${pick(SUBJECTS)} ${pick(VERBS)} a Zeppelin exhibition and ${pick(OBJECTS)}`
    : `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}`;
  let publishDate: number | null = null;
  if (status === 'Scheduled')
    publishDate = due ? Math.max(created, NOW - int(1, 180) * 60_000) : NOW + int(1, 60 * 24) * 3_600_000;
  else if (status === 'Published' || status === 'Retract') publishDate = Math.min(NOW, created + int(0, 2 * DAY));
  const author = pick(AUTHOR_LIST);
  const editor = pick(AUTHOR_LIST);
  const categories = Array.from(new Set(Array.from({ length: int(1, 3) }, () => pick(CATEGORY_LIST))));
  const updated = Math.min(NOW, created + int(0, 5 * DAY));
  const slug = `${slugify(title)}-${id.slice(-6).toLowerCase()}`;
  const cover = type === 'Gallery' || type === 'Video' || random() < 0.8 ? ulid(created, random) : null;

  const row: ArticleRecord = {
    _id: id,
    type,
    status,
    title,
    searchTitle: searchable(title),
    slug,
    categories: categories.map((c) => c._id),
    categoryNames: categories,
    user: author._id,
    authorName: author.name,
    image: cover,
    publishDate: publishDate === null ? null : new Date(publishDate).toISOString(),
    isSponsored: random() < 0.05,
    views: status === 'Published' ? int(0, 50_000) : 0,
    createdBy: author._id,
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(updated).toISOString(),
    updatedBy: { _id: editor._id, name: editor.name },
    version: int(1, 6),
  };
  const content: ArticleContent = {
    description: sentence(20, 40),
    canonicalUrl: random() < 0.5 ? `https://news.example.com/${slug}` : '',
    seo: {
      title: title.slice(0, 60),
      description: sentence(15, 25),
      metaTags: [{ property: 'keywords', content: Array.from({ length: 6 }, () => pick(WORDS)).join(', ') }],
    },
    body: type === 'Video' || type === 'Gallery' ? [section()] : [section(), section(), section()],
    imageAlt: cover ? sentence(4, 8) : '',
    imageTitle: cover ? sentence(3, 6) : '',
    tags:
      type === 'Gallery' || type === 'Video' ? Array.from(new Set(Array.from({ length: 4 }, () => pick(WORDS)))) : [],
    videos:
      type === 'Video'
        ? Array.from({ length: int(1, 3) }, () => ({
            url: `https://www.youtube.com/watch?v=${ulid(created, random).slice(-11)}`,
            description: sentence(5, 12),
            file: null,
          }))
        : [],
    gallery:
      type === 'Gallery'
        ? Array.from({ length: int(4, 12) }, () => ({
            url: '',
            description: sentence(4, 10),
            file: ulid(created, random),
          }))
        : [],
  };
  return { row, content };
}

// ---------------------------------------------------------------- seeding

/** What the seeded data should answer, to check the totals the list returns. */
interface Truth {
  byStatus: Map<ArticleStatus, number>;
  /** Articles whose title has SEARCH_WORD, by UTC day of creation. */
  searchDays: Map<string, number>;
  due: number;
  rowBytes: number;
  contentBytes: number;
}

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

async function writeBatch(items: Record<string, unknown>[]): Promise<void> {
  let pending: WriteRequest[] = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 12) throw new Error(`BatchWriteItem: ${pending.length} items still unprocessed`);
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(2000, 25 * 2 ** attempt)));
    const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = out.UnprocessedItems?.[tableName()] ?? [];
  }
}

async function seed(): Promise<Truth> {
  const truth: Truth = { byStatus: new Map(), searchDays: new Map(), due: 0, rowBytes: 0, contentBytes: 0 };
  // DUE articles, at indexes spread over the run, are Scheduled with a publish date already passed; the other
  // Scheduled ones (3% of the mix) are due in the next 60 days.
  const dueEvery = Math.max(1, Math.floor(ARTICLES / DUE));
  function* items(): Generator<Record<string, unknown>> {
    for (let i = 0; i < ARTICLES; i++) {
      const due = truth.due < DUE && i % dueEvery === 7 % dueEvery;
      const { row, content } = article(i, due);
      if (due) truth.due++;
      truth.byStatus.set(row.status, (truth.byStatus.get(row.status) ?? 0) + 1);
      if (row.searchTitle.includes(SEARCH_WORD)) {
        const day = row.createdAt.slice(0, 10);
        truth.searchDays.set(day, (truth.searchDays.get(day) ?? 0) + 1);
      }
      const r = rowItem(row);
      const c = contentItem(row, content);
      truth.rowBytes += itemSize(r);
      truth.contentBytes += itemSize(c);
      yield r;
      yield c;
    }
    // The counters, at the true counts (createArticle keeps them in the same transaction as each write).
    yield { ...counterKey(CMS_ENTITY, 'ALL'), count: ARTICLES };
    for (const status of ARTICLE_STATUSES) {
      yield { ...counterKey(CMS_ENTITY, status), count: truth.byStatus.get(status) ?? 0 };
    }
  }

  const source = items();
  const total = ARTICLES * 2 + 1 + ARTICLE_STATUSES.length;
  const start = performance.now();
  let written = 0;
  let reported = 0;
  const worker = async () => {
    for (;;) {
      const batch: Record<string, unknown>[] = [];
      for (let next = source.next(); !next.done; next = source.next()) {
        batch.push(next.value);
        if (batch.length === BATCH) break;
      }
      if (batch.length === 0) return;
      await writeBatch(batch);
      written += batch.length;
      if (written - reported >= total / 10 || written === total) {
        reported = written;
        const s = (performance.now() - start) / 1000;
        console.log(
          `  ${Math.round((100 * written) / total)}%  ${written.toLocaleString('en-US')} items, ${s.toFixed(0)} s`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `Seeded ${ARTICLES.toLocaleString('en-US')} articles (${total.toLocaleString('en-US')} items: row + content each, ` +
      `and the counters) in ${seconds.toFixed(1)} s (${Math.round(total / seconds).toLocaleString('en-US')} items/s, ` +
      `BatchWriteItem of ${BATCH}, ${IN_FLIGHT} in flight); average row ${Math.round(truth.rowBytes / ARTICLES)} B, ` +
      `content ${(truth.contentBytes / ARTICLES / 1024).toFixed(1)} KB`,
  );
  return truth;
}

// ---------------------------------------------------------------- measuring

interface Outcome {
  rows: number;
  total: number | null;
}

interface Operation {
  name: string;
  run: () => Promise<Outcome>;
  expectedTotal: number | null;
}

interface Measured {
  op: Operation;
  ms: number;
  reading: Reading;
  outcome: Outcome;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function measure(meter: Meter, op: Operation): Promise<Measured> {
  await op.run(); // warm-up
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await meter.measure(op.run));
  const last = runs[runs.length - 1];
  if (!last) throw new Error('no runs');
  // Requests and capacity are the same every run (the data does not change); time is the median.
  return { op, ms: median(runs.map((r) => r.ms)), reading: last.reading, outcome: last.result };
}

const list = (query: Record<string, string>, page: number) => async (): Promise<Outcome> => {
  const found = await findArticles(query, page, PAGE_SIZE);
  return { rows: found.list.length, total: found.total };
};

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const requestsCell = (r: Reading) => {
  const parts = Object.entries(r.byCommand).map(([name, n]) => `${n} ${name}`);
  const paged = r.awsRequests === r.requests ? '' : ` ≈ ${fmt(r.awsRequests)} on AWS†`;
  return `${r.requests} (${parts.join(' + ')})${paged}`;
};
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function main(): Promise<void> {
  if (!Number.isInteger(ARTICLES) || ARTICLES < 100) throw new Error('BENCH_ARTICLES must be an integer ≥ 100');
  console.log(`Starting DynamoDB Local (in memory) and seeding ${fmt(ARTICLES)} articles…`);
  const dynamo = await startDynamo();
  const stop = async () => {
    await dynamo.stop();
  };
  const interrupted = () => {
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    // The functions read their configuration from the environment, as in Lambda.
    Object.assign(process.env, {
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: 'admin-portal-bench',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
    });
    resetDbClient();
    await ensureTable(dynamo.endpoint, tableName());
    const truth = await seed();
    const scheduled = truth.byStatus.get('Scheduled') ?? 0;

    // The busiest day among those with a search match: the day filter still has a match to find.
    const [day, dayMatches] = [...truth.searchDays].sort((a, b) => b[1] - a[1])[0] ?? ['2000-01-01', 0];
    const searchTotal = [...truth.searchDays.values()].reduce((a, b) => a + b, 0);
    const operations: Operation[] = [
      { name: 'list page 1 (All tab)', run: list({}, 1), expectedTotal: ARTICLES },
      { name: `list page ${FAR_PAGE} (All tab)`, run: list({}, FAR_PAGE), expectedTotal: ARTICLES },
      {
        name: 'status tab Draft, page 1',
        run: list({ status: 'Draft' }, 1),
        expectedTotal: truth.byStatus.get('Draft') ?? 0,
      },
      { name: `search "${SEARCH_WORD}" (no date)`, run: list({ search: SEARCH_WORD }, 1), expectedTotal: searchTotal },
      {
        name: `search "${SEARCH_WORD}" on ${day}`,
        run: list({ search: SEARCH_WORD, from: `${day}T00:00:00.000Z`, to: `${day}T23:59:59.999Z` }, 1),
        expectedTotal: dayMatches,
      },
      {
        name: 'publisher sweep (dueArticles)',
        run: async () => ({ rows: (await dueArticles(NOW_ISO)).length, total: null }),
        expectedTotal: null,
      },
    ];

    const meter = attachMeter(db());
    const results: Measured[] = [];
    for (const op of operations) results.push(await measure(meter, op));
    // Now the one run that changes data: the publisher publishing what is due.
    const published = await meter.measure(() => publishDue(NOW_ISO));
    const left = await dueArticles(NOW_ISO);
    const afterScheduled = await findArticles({ status: 'Scheduled' }, 1, PAGE_SIZE);
    meter.detach();

    const computed = results.some((r) => r.reading.computedReads > 0) || published.reading.computedReads > 0;
    console.log(
      `\nList reads over ${fmt(ARTICLES)} articles (${fmt(scheduled)} Scheduled, ${truth.due} of them due): ` +
        `median of ${RUNS} runs after one warm-up, page size ${PAGE_SIZE}. RCU: ${
          computed
            ? 'computed from the returned items by DynamoDB rules (DynamoDB Local returned no ConsumedCapacity)'
            : "ConsumedCapacity as returned by DynamoDB Local (ReturnConsumedCapacity 'TOTAL'; eventually consistent reads)"
        }.\n`,
    );
    console.log('| operation | ms (median) | requests | RCU | items read | rows | total |');
    console.log('|---|---:|---|---:|---:|---:|---:|');
    for (const { op, ms, reading, outcome } of results) {
      const total = outcome.total === null ? '–' : fmt(outcome.total);
      const cells = [fmt(ms, 1), requestsCell(reading), fmt(reading.rcu, 1), fmt(reading.itemsRead), fmt(outcome.rows)];
      console.log(`| ${op.name} | ${cells.join(' | ')} | ${total} |`);
    }
    const p = published.reading;
    console.log(
      `| publishDue (one real run: published ${published.result.published}, skipped ${published.result.skipped}) | ` +
        `${fmt(published.ms, 1)} | ${requestsCell(p)} | ${fmt(p.rcu, 1)} (+ ${fmt(p.wcu, 1)} WCU) | ${fmt(p.itemsRead)} | ${published.result.published} | – |`,
    );

    if ([...results, published].some((r) => r.reading.awsRequests !== r.reading.requests)) {
      console.log(
        '\n† DynamoDB Local answered this Query in one response whatever it read; DynamoDB stops each Query after 1 MB read ' +
          '(before the filter) and the code follows LastEvaluatedKey, so on AWS it takes about this many requests ' +
          '(estimated from the read units: 128 RCU per 1 MB page), for the same RCU.',
      );
    }

    const [page1, , tab, , , sweep] = results;
    if (!page1 || !tab || !sweep) throw new Error('missing results');
    const requests = (r: Measured) => Math.max(r.reading.requests, r.reading.awsRequests);
    const cheap = (r: Measured) => requests(r) <= TARGET_REQUESTS && r.reading.rcu <= TARGET_RCU;
    const sweepOk =
      sweep.reading.itemsRead === truth.due &&
      sweep.outcome.rows === truth.due &&
      sweep.reading.rcu <= sweep.reading.returnedRcu;
    const wrongTotals = results.filter((r) => r.op.expectedTotal !== null && r.outcome.total !== r.op.expectedTotal);
    const publishedOk =
      published.result.published === truth.due && left.length === 0 && afterScheduled.total === scheduled - truth.due;

    console.log(`\nTargets (issue 6):`);
    console.log(
      `- list page 1 ≤ ${TARGET_REQUESTS} requests and ≤ ${TARGET_RCU} RCU: ${requests(page1)} requests, ` +
        `${fmt(page1.reading.rcu, 1)} RCU → ${verdict(cheap(page1))}`,
    );
    console.log(
      `- a status tab ≤ ${TARGET_REQUESTS} requests and ≤ ${TARGET_RCU} RCU: ${requests(tab)} requests, ` +
        `${fmt(tab.reading.rcu, 1)} RCU → ${verdict(cheap(tab))}`,
    );
    console.log(
      `- the sweep reads only due articles: read ${sweep.reading.itemsRead} items for ${truth.due} due ` +
        `(of ${fmt(scheduled)} Scheduled, ${fmt(ARTICLES)} articles); ${fmt(sweep.reading.rcu, 1)} RCU consumed, ` +
        `${fmt(sweep.reading.returnedRcu, 1)} RCU is what the ${sweep.outcome.rows} returned rows weigh → ${verdict(sweepOk)}`,
    );
    console.log(
      `- totals match the seeded data: ${
        wrongTotals.length === 0
          ? 'all'
          : wrongTotals
              .map((r) => `${r.op.name} returned ${r.outcome.total}, expected ${r.op.expectedTotal}`)
              .join('; ')
      } → ${verdict(wrongTotals.length === 0)}`,
    );
    console.log(
      `- publishDue published the ${truth.due} due articles, none left due, Scheduled tab total ${fmt(afterScheduled.total)} ` +
        `(was ${fmt(scheduled)}) → ${verdict(publishedOk)}`,
    );
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    resetDbClient();
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
