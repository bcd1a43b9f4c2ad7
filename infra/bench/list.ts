/**
 * `npm run bench:list` (issue 6): seeds 100,000 articles (BENCH_ARTICLES overrides) into a fresh in-memory
 * DynamoDB Local exactly as functions/cms/items.ts stores them, then times the article list's reads and counts
 * their DynamoDB requests and consumed read capacity (infra/bench/dynamo-meter.ts): list page 1, page 500, a
 * status tab, a title search with and without a day, and the publisher's sweep. Prints a Markdown table and the
 * issue's targets. Exits non-zero only when the benchmark cannot run, not when a target is missed.
 * The articles are made in list-articles.ts and written by list-seed.ts; this file measures and reports.
 */
import { dueArticles } from '../../functions/cms/repo';
import { findArticles } from '../../functions/cms/service';
import { db, resetDbClient, tableName } from '../../functions/lib/db/client';
import { publishDue } from '../../functions/publisher/handler';
import type { ArticleListQuery } from '../../shared/schemas/article';
import { startDynamo } from '../local/dynamo';
import { ensureTable } from '../local/setup';
import { attachMeter, type Meter, type Reading } from './dynamo-meter';
import { NOW, SEARCH_WORD } from './list-articles';
import { seed } from './list-seed';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const RUNS = 5;
const PAGE_SIZE = 10;
const FAR_PAGE = 500;
const TARGET_REQUESTS = 3;
const TARGET_RCU = 5;

const NOW_ISO = new Date(NOW).toISOString();

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

type Filters = Omit<ArticleListQuery, 'page' | 'limit'>;

const list = (filters: Filters, page: number) => async (): Promise<Outcome> => {
  const found = await findArticles({ ...filters, page, limit: PAGE_SIZE });
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
    const truth = await seed(ARTICLES);
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
    const afterScheduled = await findArticles({ status: 'Scheduled', page: 1, limit: PAGE_SIZE });
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
