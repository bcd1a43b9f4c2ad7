/**
 * `npm run bench:list`: the article list and the title search over BENCH_ARTICLES (100,000) seeded articles in
 * DynamoDB Local, side by side with the same rows in an embedded Postgres (list-postgres.ts), then the writes of
 * one save and one autosave. Reads are timed RUNS times after a warm-up, and so is each Postgres mode a read is
 * compared with; requests and capacity come from the meter on the client (dynamo-meter.ts). Exits non-zero only
 * when the benchmark cannot run, not when a target is missed.
 */

import { dueArticlesPage } from '../../functions/article/lists';
import type { ArticleRecord } from '../../functions/article/model';
import { getArticle, getArticleRow, insertArticle, replaceArticle } from '../../functions/article/model';
import { findArticles } from '../../functions/article/service';
import { db, resetDbClient, tableName } from '../../functions/lib/db/client';
import { getRecord } from '../../functions/lib/db/records';
import { newId } from '../../functions/lib/ids';
import { publishDue } from '../../functions/publisher/handler';
import type { ArticleListQuery } from '../../shared/schemas/article';
import { startDynamo } from '../local/dynamo';
import { ensureTable } from '../local/setup';
import { attachMeter, type Meter, type Reading, requestsByCommand } from './dynamo-meter';
import { CROWDED_START, crowdedWords, HINDI_WORD, NOW, RARE_WORD, SEARCH_WORD } from './list-articles';
import {
  POSTGRES_MODE_LABEL,
  POSTGRES_MODES,
  type PostgresMode,
  type PostgresPeer,
  type PostgresQuery,
  startPostgres,
} from './list-postgres';
import { seed, type Truth } from './list-seed';
import { autosaveOnce, saveOnce } from './list-writes';
import { report, SECTION } from './report';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const RUNS = 5;
const PAGE_SIZE = 10;
const FAR_PAGE = Math.min(500, Math.floor(ARTICLES / PAGE_SIZE) - 1);
const LAST_PAGE = Math.ceil(ARTICLES / PAGE_SIZE);
const MIDDLE_PAGE = Math.ceil(LAST_PAGE / 2);
/** Any page by its number (the page index): at most this long and this many read units. */
const TARGET_JUMP_MS = 100;
const TARGET_REQUESTS = 3;
const TARGET_RCU = 5;
const TARGET_SEARCH_RCU = 10;
/** A title search: our median at most this many times the fastest of the Postgres modes' medians. */
const TARGET_SEARCH_VS_BEST_POSTGRES = 2;

/** The title searches the bench times, each with its words. */
const SEARCHES = {
  rare: RARE_WORD,
  common: 'council',
  prefix: 'har',
  twoWords: `${RARE_WORD} council`,
  devanagari: HINDI_WORD,
  noMatch: 'xylophone',
  // A start crowded with distinct long words (list-articles.ts): one of them, and a longer prefix many share.
  crowdedWord: crowdedWords(5019)[1] as string,
  crowdedPrefix: `${CROWDED_START}b`,
} as const;

const NOW_ISO = new Date(NOW).toISOString();
/** The read that times one request to DynamoDB Local doing nothing: the floor under every read's round trips. */
const ROUND_TRIP = 'one GetItem of a missing key (a round trip)';

interface Outcome {
  rows: number;
  total: number | null;
}

interface Operation {
  name: string;
  run: () => Promise<Outcome>;
  expectedTotal: number | null;
  /** The same read on Postgres, for the side-by-side. */
  postgres?: PostgresQuery;
  /**
   * A title search: in the search table, its Postgres read timed in every mode, and, when it has one, held to the
   * search targets (requests, TARGET_SEARCH_RCU, TARGET_SEARCH_VS_BEST_POSTGRES).
   */
  search?: boolean;
  /** A page by its number: held to TARGET_JUMP_MS and TARGET_RCU. */
  jump?: boolean;
}

interface PostgresTiming {
  ms: number;
  total: number;
}

interface Measured {
  op: Operation;
  ms: number;
  reading: Reading;
  outcome: Outcome;
  /** By mode; only the modes the operation is timed in (modesOf). */
  postgres: Partial<Record<PostgresMode, PostgresTiming>>;
}

/**
 * The Postgres modes an operation is timed in: all of them for a title search; for a list page only the table
 * with no text index, since without words the three modes run one query on the same b-trees.
 */
const modesOf = (op: Operation): readonly PostgresMode[] => (op.search ? POSTGRES_MODES : ['ilike']);

/** The fastest mode of a search on Postgres: the peer our search is held against. */
function bestPostgres(r: Measured): (PostgresTiming & { mode: PostgresMode }) | undefined {
  let best: (PostgresTiming & { mode: PostgresMode }) | undefined;
  for (const mode of POSTGRES_MODES) {
    const timing = r.postgres[mode];
    if (timing && (!best || timing.ms < best.ms)) best = { mode, ...timing };
  }
  return best;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

async function measure(meter: Meter, op: Operation, postgres: PostgresPeer | undefined): Promise<Measured> {
  await op.run(); // warm-up
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await meter.measure(op.run));
  const last = runs[runs.length - 1];
  if (!last) throw new Error('no runs');
  const peer: Measured['postgres'] = {};
  if (postgres && op.postgres) {
    const query = op.postgres;
    // Each mode as ours: a warm-up, then RUNS runs, the median.
    for (const mode of modesOf(op)) {
      await postgres.run(query, mode);
      const pgRuns = [];
      for (let i = 0; i < RUNS; i++) pgRuns.push(await timed(() => postgres.run(query, mode)));
      peer[mode] = { ms: median(pgRuns.map((r) => r.ms)), total: pgRuns[0]?.result.total ?? -1 };
    }
  }
  // Requests and capacity are the same every run (the data does not change); time is the median.
  return { op, ms: median(runs.map((r) => r.ms)), reading: last.reading, outcome: last.result, postgres: peer };
}

type Filters = Omit<ArticleListQuery, 'page' | 'limit'>;

const list = (filters: Filters, page: number) => async (): Promise<Outcome> => {
  const found = await findArticles({ ...filters, page, limit: PAGE_SIZE });
  return { rows: found.list.length, total: found.total };
};

/** The cursor the page before `page` gives for it (read once, untimed), as the pager's Next uses it. */
async function cursorTo(filters: Filters, page: number): Promise<string> {
  const before = await findArticles({ ...filters, page: page - 1, limit: PAGE_SIZE });
  if (!before.next) throw new Error(`page ${page - 1} gave no cursor`);
  return before.next;
}

/**
 * Saves between two clicks: three new drafts (every page moves down by three), one dated in the middle of the
 * archive and an old draft published. Then pages by number, of All and of Draft, must be exactly what the data
 * gives (the seeded rows with those changes, in the list's order). Returns how many saves, pages checked, and
 * the wrong ones.
 */
async function jumpsAfterSaves(truth: Truth) {
  const template = await getArticle(truth.rows[0]?.id ?? '');
  if (!template) throw new Error('no seeded article');
  const rows = truth.rows.map((r) => ({ id: r.id, createdAt: r.createdAt, status: r.status }));
  const sorted = [...rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const middle = sorted[Math.floor(sorted.length / 2)]?.createdAt ?? new Date().toISOString();
  const now = Date.now();
  for (const createdAt of [now - 2000, now - 1000, now].map((t) => new Date(t).toISOString()).concat(middle)) {
    const id = newId();
    const row: ArticleRecord = {
      ...template.row,
      _id: id,
      slug: `${template.row.slug}-${id.toLowerCase()}`,
      status: 'Draft',
      createdAt,
      version: 1,
    };
    await insertArticle(row, template.content, []);
    rows.push({ id, createdAt, status: 'Draft' });
  }
  const draft = rows.find((r, i) => r.status === 'Draft' && i > rows.length / 3);
  const current = draft && (await getArticleRow(draft.id));
  if (!draft || !current) throw new Error('no draft to publish');
  await replaceArticle(current, { ...current, status: 'Published', version: current.version + 1 }, []);
  draft.status = 'Published';

  const order = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
    `${b.createdAt}#${b.id}`.localeCompare(`${a.createdAt}#${a.id}`);
  const wrong: string[] = [];
  let checked = 0;
  for (const [tab, filters] of [
    ['All', {}],
    ['Draft', { status: 'Draft' as const }],
  ] as const) {
    const expected = rows.filter((r) => tab === 'All' || r.status === tab).sort(order);
    const last = Math.ceil(expected.length / PAGE_SIZE);
    for (const page of [2, FAR_PAGE, Math.ceil(last / 2), last - 1, last]) {
      const found = await findArticles({ ...filters, page, limit: PAGE_SIZE });
      const want = expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => r.id);
      checked++;
      if (JSON.stringify(found.list.map((r) => r._id)) !== JSON.stringify(want) || found.total !== expected.length)
        wrong.push(`${tab} page ${page}`);
    }
  }
  return { saves: 5, checked, wrong };
}

const pgSearch = (text: string, page = 1): PostgresQuery => ({ words: text.split(' '), page, limit: PAGE_SIZE });

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const requestsCell = (r: Reading) => {
  const paged = r.awsRequests === r.requests ? '' : ` ≈ ${fmt(r.awsRequests)} on AWS†`;
  return `${r.requests} (${requestsByCommand(r, ' + ')})${paged}`;
};
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
/** The scans of an EXPLAIN, e.g. "Bitmap Index Scan on articles_trigram_title": which index a query went through. */
const scans = (plan: readonly string[]) =>
  plan
    .flatMap(
      (line) =>
        line.match(/(?:Seq Scan|Index Only Scan|Bitmap Index Scan|Index Scan)(?: using \S+)? on \S+/)?.[0] ?? [],
    )
    .join(' + ');

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
    const truth = await seed(ARTICLES, Object.values(SEARCHES));
    const scheduled = truth.byStatus.get('Scheduled') ?? 0;
    console.log('Loading the same rows into the embedded Postgres (PGlite)…');
    const postgres = await startPostgres(truth.rows);

    // The busiest day among those with a search match: the day filter still has a match to find.
    const [day, dayMatches] = [...truth.searchDays].sort((a, b) => b[1] - a[1])[0] ?? ['2000-01-01', 0];
    const farCursor = await cursorTo({}, FAR_PAGE);
    const drafts = truth.byStatus.get('Draft') ?? 0;
    const draftLast = Math.ceil(drafts / PAGE_SIZE);
    const [authorId, authorCounts] = [...truth.byAuthor][0] ?? ['', new Map<string, number>()];
    const authorTotal = authorCounts.get('ALL') ?? 0;
    const authorLast = Math.ceil(authorTotal / PAGE_SIZE);
    const search = (name: string, text: string): Operation => ({
      name: `search ${name} "${text}"`,
      run: list({ search: text }, 1),
      expectedTotal: truth.probeTotals.get(text) ?? -1,
      postgres: pgSearch(text),
      search: true,
    });
    const operations: Operation[] = [
      {
        name: 'list page 1 (All tab)',
        run: list({}, 1),
        expectedTotal: ARTICLES,
        postgres: { words: [], page: 1, limit: PAGE_SIZE },
      },
      {
        name: `list page ${FAR_PAGE} by number (a jump)`,
        run: list({}, FAR_PAGE),
        expectedTotal: ARTICLES,
        postgres: { words: [], page: FAR_PAGE, limit: PAGE_SIZE },
        jump: true,
      },
      {
        name: `list page ${fmt(MIDDLE_PAGE)} by number (the middle)`,
        run: list({}, MIDDLE_PAGE),
        expectedTotal: ARTICLES,
        postgres: { words: [], page: MIDDLE_PAGE, limit: PAGE_SIZE },
        jump: true,
      },
      {
        name: `list page ${fmt(LAST_PAGE)} by number (the last)`,
        run: list({}, LAST_PAGE),
        expectedTotal: ARTICLES,
        postgres: { words: [], page: LAST_PAGE, limit: PAGE_SIZE },
        jump: true,
      },
      {
        name: `status tab Draft, its last page (${fmt(draftLast)}) by number`,
        run: list({ status: 'Draft' }, draftLast),
        expectedTotal: drafts,
        postgres: { words: [], status: 'Draft', page: draftLast, limit: PAGE_SIZE },
        jump: true,
      },
      {
        name: `one author's articles (Mine), their last page (${fmt(authorLast)}) by number`,
        run: list({ author: authorId }, authorLast),
        expectedTotal: authorTotal,
        jump: true,
      },
      {
        name: `list page ${FAR_PAGE} by cursor (Next from ${FAR_PAGE - 1})`,
        run: list({ cursor: farCursor }, FAR_PAGE),
        expectedTotal: ARTICLES,
        postgres: { words: [], page: FAR_PAGE, limit: PAGE_SIZE },
      },
      {
        name: 'status tab Draft, page 1',
        run: list({ status: 'Draft' }, 1),
        expectedTotal: truth.byStatus.get('Draft') ?? 0,
        postgres: { words: [], status: 'Draft', page: 1, limit: PAGE_SIZE },
      },
      search('a rare word', SEARCHES.rare),
      search('a common word', SEARCHES.common),
      search('a 3-letter prefix', SEARCHES.prefix),
      search('two words', SEARCHES.twoWords),
      search('a Devanagari word', SEARCHES.devanagari),
      search('a word in no title', SEARCHES.noMatch),
      search(`one of ${fmt(Math.ceil(ARTICLES / 50) * 3)} long words under one start`, SEARCHES.crowdedWord),
      search('a longer prefix under that start', SEARCHES.crowdedPrefix),
      {
        name: `search "${SEARCH_WORD}" on ${day}`,
        run: list({ search: SEARCH_WORD, from: `${day}T00:00:00.000Z`, to: `${day}T23:59:59.999Z` }, 1),
        expectedTotal: dayMatches,
        search: true,
      },
      {
        name: 'publisher sweep (due articles)',
        run: async () => ({ rows: (await dueArticlesPage(NOW_ISO)).articles.length, total: null }),
        expectedTotal: null,
      },
      {
        // What one request to DynamoDB Local costs before any work: the floor under each of a read's round trips,
        // which an embedded Postgres, in this process, does not pay.
        name: ROUND_TRIP,
        run: async () => ({ rows: (await getRecord({ pk: 'BENCH#FLOOR', sk: 'NONE' })) ? 1 : 0, total: null }),
        expectedTotal: null,
      },
    ];

    const meter = attachMeter(db());
    const results: Measured[] = [];
    for (const op of operations) results.push(await measure(meter, op, postgres));
    // Which index each indexed mode's page and count went through, for the reader to check.
    const plans: string[] = [];
    for (const { op } of results) {
      if (!op.search || !op.postgres) continue;
      const modes: string[] = [];
      for (const mode of ['trigram', 'fulltext'] as const) {
        const plan = await postgres.explain(op.postgres, mode);
        modes.push(`${POSTGRES_MODE_LABEL[mode]}: page ${scans(plan.page)}, count ${scans(plan.count)}`);
      }
      plans.push(`- ${op.name}: ${modes.join('; ')}`);
    }
    await postgres.close();
    // Then the runs that change data: one save of an article (its write amplification), and the publisher.
    const saved = await meter.measure(() => saveOnce(truth.rows[0]?.id ?? ''));
    const autosaved = await meter.measure(() => autosaveOnce(truth.rows[1]?.id ?? ''));
    const published = await meter.measure(() => publishDue(NOW_ISO));
    const left = (await dueArticlesPage(NOW_ISO)).articles;
    const afterScheduled = await findArticles({ status: 'Scheduled', page: 1, limit: PAGE_SIZE });
    meter.detach();
    const exact = await jumpsAfterSaves(truth);

    const computed = results.some((r) => r.reading.computedReads > 0) || published.reading.computedReads > 0;
    // The README keeps one table per size it shows: a run at another size (a trial) only prints.
    const readsSection = ARTICLES === 100_000 ? SECTION.list : ARTICLES === 10_000 ? SECTION.list10000 : null;
    const params = [`${fmt(ARTICLES)} articles`];
    const reads = [
      `List reads over ${fmt(ARTICLES)} articles (${fmt(scheduled)} Scheduled, ${truth.due} of them due): ` +
        `median of ${RUNS} runs after one warm-up, page size ${PAGE_SIZE}. RCU: ${
          computed
            ? 'computed from the returned items by DynamoDB rules (DynamoDB Local returned no ConsumedCapacity)'
            : "ConsumedCapacity as returned by DynamoDB Local (ReturnConsumedCapacity 'TOTAL'; eventually consistent reads)"
        }.`,
      '',
      '| operation | ms (median) | requests | RCU | items read | rows | total | Postgres ms | Postgres total | faster |',
      '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ];
    const ourCells = ({ ms, reading, outcome }: Measured) => [
      fmt(ms, 1),
      requestsCell(reading),
      fmt(reading.rcu, 1),
      fmt(reading.itemsRead),
      fmt(outcome.rows),
      outcome.total === null ? '–' : fmt(outcome.total),
    ];
    for (const r of results.filter((x) => !x.op.search)) {
      const peer = r.postgres.ilike;
      const peerCells = peer ? [fmt(peer.ms, 1), fmt(peer.total), `${fmt(peer.ms / r.ms, 1)}×`] : ['–', '–', '–'];
      reads.push(`| ${r.op.name} | ${[...ourCells(r), ...peerCells].join(' | ')} |`);
    }
    const p = published.reading;
    reads.push(
      `| publishDue (one real run: published ${published.result.published}, skipped ${published.result.skipped}) | ` +
        `${fmt(published.ms, 1)} | ${requestsCell(p)} | ${fmt(p.rcu, 1)} (+ ${fmt(p.wcu, 1)} WCU) | ${fmt(p.itemsRead)} | ${published.result.published} | – | – | – | – |`,
    );
    reads.push(
      '',
      'Title searches, page 1, against three Postgres modes on the same rows: ILIKE with no text index, the same ' +
        'ILIKE served by a trigram GIN index, and full text (a tsvector GIN index, each word a prefix). Ours and full ' +
        'text match word starts; ILIKE, with or without the trigram index, matches anywhere in a word, so its total ' +
        'can be larger. "ours ÷ best" is our time over the fastest Postgres mode\'s.',
      '',
      '| search | ms (median) | requests | RCU | items read | rows | total | ILIKE ms | trigram ms | ILIKE total | full text ms | full text total | ours ÷ best |',
      '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const r of results.filter((x) => x.op.search)) {
      const { ilike, trigram, fulltext } = r.postgres;
      const best = bestPostgres(r);
      const ms = (t?: PostgresTiming) => (t ? fmt(t.ms, 1) : '–');
      // The trigram index serves the ILIKE query itself: the same total, shown once unless they ever differ.
      const substringTotal = !ilike
        ? '–'
        : trigram && trigram.total !== ilike.total
          ? `${fmt(ilike.total)} (trigram ${fmt(trigram.total)})`
          : fmt(ilike.total);
      const peerCells = [
        ms(ilike),
        ms(trigram),
        substringTotal,
        ms(fulltext),
        fulltext ? fmt(fulltext.total) : '–',
        best ? `${fmt(r.ms / best.ms, 2)}× (${POSTGRES_MODE_LABEL[best.mode]})` : '–',
      ];
      reads.push(`| ${r.op.name} | ${[...ourCells(r), ...peerCells].join(' | ')} |`);
    }
    if ([...results, published].some((r) => r.reading.awsRequests !== r.reading.requests)) {
      reads.push(
        '',
        '† DynamoDB Local answered this Query in one response whatever it read; DynamoDB stops each Query after 1 MB read ' +
          '(before the filter) and the code follows LastEvaluatedKey, so on AWS it takes about this many requests ' +
          '(estimated from the read units: 128 RCU per 1 MB page), for the same RCU.',
      );
    }
    console.log('');
    report(readsSection, reads, params);

    // The writes do not depend on the number of articles: any run the README keeps a table of refreshes them.
    const w = saved.reading;
    const a = autosaved.reading;
    console.log('');
    report(
      readsSection === null ? null : SECTION.listWrites,
      [
        'Writes to one seeded article, each once, as the API makes them. WCU: ConsumedCapacity as returned by DynamoDB Local.',
        '',
        '| write | ms | requests | items written | WCU |',
        '|---|---:|---|---|---:|',
        `| one save of an article (same title; write amplification) | ${fmt(saved.ms, 1)} | ${requestsCell(w)} | ` +
          `${saved.result} items | ${fmt(w.wcu, 1)} |`,
        `| one autosave of an article (its whole form) | ${fmt(autosaved.ms, 1)} | ${requestsCell(a)} | ` +
          `1 item (${fmt(autosaved.result / 1024, 1)} KB) | ${fmt(a.wcu, 1)} |`,
      ],
      params,
    );

    const named = (start: string) => results.find((r) => r.op.name.startsWith(start));
    const [page1, byCursor, tab] = [
      named('list page 1 '),
      named(`list page ${FAR_PAGE} by cursor`),
      named('status tab Draft, page 1'),
    ];
    const sweep = results[results.length - 1];
    if (!page1 || !byCursor || !tab || !sweep) throw new Error('missing results');
    const requests = (r: Measured) => Math.max(r.reading.requests, r.reading.awsRequests);
    const cheap = (r: Measured) => requests(r) <= TARGET_REQUESTS && r.reading.rcu <= TARGET_RCU;
    const sweepOk =
      sweep.reading.itemsRead === truth.due &&
      sweep.outcome.rows === truth.due &&
      sweep.reading.rcu <= sweep.reading.returnedRcu;
    const wrongTotals = results.filter((r) => r.op.expectedTotal !== null && r.outcome.total !== r.op.expectedTotal);
    const publishedOk =
      published.result.published === truth.due && left.length === 0 && afterScheduled.total === scheduled - truth.due;

    console.log(`\nPostgres plans of the title searches (EXPLAIN of the page query and of the count):`);
    for (const line of plans) console.log(line);

    // Below one request's round trip no search of ours can go: twice a Postgres time under half of it is out of reach.
    const roundTrip = results.find((r) => r.op.name === ROUND_TRIP)?.ms ?? 0;
    console.log(`\nTargets (title search; one DynamoDB Local round trip takes ${fmt(roundTrip, 1)} ms):`);
    for (const r of results.filter((x) => x.op.search && x.op.postgres)) {
      const best = bestPostgres(r);
      const ratio = best ? r.ms / best.ms : Number.POSITIVE_INFINITY;
      const ok =
        requests(r) <= TARGET_REQUESTS && r.reading.rcu <= TARGET_SEARCH_RCU && ratio <= TARGET_SEARCH_VS_BEST_POSTGRES;
      const against = best
        ? `${fmt(r.ms, 1)} ms against ${fmt(best.ms, 1)} ms for the best Postgres (${POSTGRES_MODE_LABEL[best.mode]}): ${fmt(ratio, 2)}×`
        : `${fmt(r.ms, 1)} ms, no Postgres timing`;
      // Substring matching (ILIKE) can count more titles than word starts (ours, full text): the reader sees both.
      const totals = [
        `ours ${r.outcome.total === null ? '–' : fmt(r.outcome.total)}`,
        ...POSTGRES_MODES.map((mode) => {
          const timing = r.postgres[mode];
          return `${POSTGRES_MODE_LABEL[mode]} ${timing ? fmt(timing.total) : '–'}`;
        }),
      ];
      console.log(
        `- ${r.op.name}: ${requests(r)} requests (≤ ${TARGET_REQUESTS}), ${fmt(r.reading.rcu, 1)} RCU (≤ ${TARGET_SEARCH_RCU}), ` +
          `${against} (≤ ${TARGET_SEARCH_VS_BEST_POSTGRES}×); totals ${totals.join(', ')} → ${verdict(ok)}`,
      );
    }
    console.log(
      `- page ${FAR_PAGE} by cursor costs what page 1 does: ${requests(byCursor)} requests, ${fmt(byCursor.reading.rcu, 1)} RCU ` +
        `(page 1: ${requests(page1)}, ${fmt(page1.reading.rcu, 1)}) → ${verdict(requests(byCursor) <= requests(page1) && byCursor.reading.rcu <= page1.reading.rcu + 0.5)}`,
    );
    console.log(`\nTargets (any page by its number, through the page index):`);
    for (const r of results.filter((x) => x.op.jump)) {
      const ok = r.ms <= TARGET_JUMP_MS && r.reading.rcu <= TARGET_RCU && r.outcome.rows > 0;
      console.log(
        `- ${r.op.name}: ${fmt(r.ms, 1)} ms (≤ ${TARGET_JUMP_MS}), ${fmt(r.reading.rcu, 1)} RCU (≤ ${TARGET_RCU}), ` +
          `${r.outcome.rows} rows → ${verdict(ok)}`,
      );
    }
    console.log(
      `- exact while articles are saved between two clicks: after ${exact.saves} saves, ${exact.checked} pages by ` +
        `number compared with the pages the data gives${exact.wrong.length ? `; wrong: ${exact.wrong.join(', ')}` : ''} ` +
        `→ ${verdict(exact.wrong.length === 0)}`,
    );
    console.log(`\nTargets (list pages, status tabs and the publisher's sweep):`);
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
