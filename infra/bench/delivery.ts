/**
 * `npm run bench:delivery`: the delivery API on the local stack, over the list benchmark's articles (BENCH_ARTICLES,
 * 10,000 by default; list-articles.ts), seeded into the table and made into the published projection by the
 * table's stream, as in AWS. For the home page, an article by slug, a category page and a search it measures:
 * - what one answer costs the origin: DynamoDB requests and read units, with and without a matching ETag (the
 *   delivery Lambda called in this process, its client metered: dynamo-meter.ts);
 * - throughput and latency over HTTP at 10 and 50 connections, with and without the ETag, through the local CDN
 *   (content-cache.ts: cache hits, what readers mostly get) and at the origin (a query string no one else sends
 *   makes every request a miss);
 * - publish → visible: from the admin's Publish answer to the article's first 200 through the CDN.
 * Targets: home ≤ 3 requests, an article ≤ 2, a page ≤ 2, a 304 no more than its ETag needs; origin p99 ≤ 50 ms at
 * 10 connections; publish → visible ≤ 2 s. Exits non-zero only when it cannot run.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { categoryModel } from '../../functions/category/model';
import { db } from '../../functions/lib/db/client';
import { writeItems } from '../../functions/published/model';
import { CONTENT_BASE, CONTENT_KEY_HEADER } from '../../shared/addresses';
import { lambdaContext, loadHandler } from '../local/handlers';
import { startBenchStack } from './bench-stack';
import { attachMeter, type Reading, requestsByCommand } from './dynamo-meter';
import { CATEGORY_LIST, SEARCH_WORD } from './list-articles';
import { seed } from './list-seed';
import { report, SECTION } from './report';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'silent';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const PUBLISH_RUNS = 5;

const TARGETS = { home: 3, article: 2, page: 2, search: undefined, p99Ms: 50, visibleMs: 2000 } as const;

interface Timing {
  rps: number;
  p50: number;
  p99: number;
  statuses: Set<number>;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** `total` GETs of `paths()` over `connections` kept-alive connections; per-request latency. */
async function load(
  base: string,
  key: string,
  path: (n: number) => string,
  connections: number,
  total: number,
  etag?: string,
): Promise<Timing> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(base);
  const times: number[] = [];
  const statuses = new Set<number>();
  let next = 0;
  const one = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: path(n),
          agent,
          headers: { [CONTENT_KEY_HEADER]: key, ...(etag ? { 'if-none-match': etag } : {}) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            times.push(performance.now() - started);
            statuses.add(res.statusCode ?? 0);
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < total) await one(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return { rps: total / seconds, p50: quantile(times, 0.5), p99: quantile(times, 0.99), statuses };
}

/** The delivery Lambda called in this process, as API Gateway would: its answer's status, ETag and cost. */
async function origin(key: string, path: string, etag?: string) {
  const [rawPath, query = ''] = path.split('?');
  const handler = await loadHandler('content');
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: query,
    headers: { [CONTENT_KEY_HEADER]: key, ...(etag ? { 'if-none-match': etag } : {}) },
    queryStringParameters: query ? Object.fromEntries(new URLSearchParams(query)) : undefined,
    requestContext: {
      http: { method: 'GET', path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      timeEpoch: Date.now(),
    },
  } as unknown as APIGatewayProxyEventV2;
  const out = await handler(event, lambdaContext('content', event.requestContext.requestId));
  return { status: out.statusCode ?? 0, etag: String(out.headers?.etag ?? '') };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const cost = (r: Reading) => `${r.requests} (${requestsByCommand(r)})`;

async function main() {
  const { stack, api, auth, stop } = await startBenchStack('delivery');
  try {
    // A key for each load run, as each run (with its warm-up) stays under one key's rate limit
    // (CONTENT_KEY.ratePerFiveMinutes), which it would otherwise reach and measure 429s.
    const newKey = async (name: string) => {
      const made = await fetch(`${api}/site-management/content-keys`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name }),
      });
      return ((await made.json()) as { data: { key: string } }).data.key;
    };
    const key = await newKey('Bench');
    const runKeys: string[] = [];
    for (let i = 0; i < 20; i++) runKeys.push(await newKey(`Bench run ${i + 1}`));
    await stack.contentSettled();

    // The list benchmark's articles and their categories, made into the projection by the stream.
    let started = performance.now();
    await writeItems(
      CATEGORY_LIST.map((c, i) =>
        categoryModel.itemOf({
          _id: c._id,
          name: c.name,
          url: '',
          slug: `desk-${i}`,
          description: '',
          parent: null,
          image: null,
          active: true,
          seo: { title: c.name, description: '', metaTags: [] },
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          version: 1,
        }),
      ),
      [],
    );
    const truth = await seed(ARTICLES, [SEARCH_WORD]);
    const seededMs = performance.now() - started;
    started = performance.now();
    await stack.contentSettled();
    const projectedMs = performance.now() - started;
    const published = truth.byStatus.get('Published') ?? 0;
    console.log(
      `seeded ${ARTICLES} articles in ${fmt(seededMs / 1000)} s; the stream made ${published} published copies in ${fmt(projectedMs / 1000)} s`,
    );

    // A home page of 20 published articles in headlines, top stories and two sections.
    const news = truth.rows.filter((r) => r.status === 'Published' && r.type !== 'Page');
    const ids = news.slice(0, 20).map((r) => r.id);
    const layout = await (await fetch(`${api}/layout/home`, { headers: auth })).json();
    const body = {
      headlines: ids.slice(0, 5),
      topStory: ids.slice(5, 10),
      coverStory: ids[10],
      sections: [
        {
          type: 'Category',
          category: CATEGORY_LIST[0]?._id,
          articles: ids.slice(11, 15),
          name: 'Desk',
          template: 'template-1',
          // A section's colour as the layout takes it (#rrggbb hex), not a number of anything.
          color: '#224488',
        },
        {
          type: 'Category',
          category: CATEGORY_LIST[1]?._id,
          articles: ids.slice(15, 20),
          name: 'Desk 2',
          template: 'template-1',
          // A colour again (#rrggbb hex).
          color: '#884422',
        },
      ],
    };
    const saved = await fetch(`${api}/layout/${layout.data._id}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ version: layout.data.version, body }),
    });
    if (saved.status !== 200) throw new Error(`home layout not saved: ${saved.status} ${await saved.text()}`);
    await stack.contentSettled();

    const slug = news[news.length - 1]?.slug ?? '';
    const deskSlug = 'desk-0';
    const scenarios = [
      { name: 'home', path: `${CONTENT_BASE}/home`, target: TARGETS.home },
      {
        name: 'article by slug',
        path: `${CONTENT_BASE}/articles/${encodeURIComponent(slug)}`,
        target: TARGETS.article,
      },
      { name: 'category page', path: `${CONTENT_BASE}/categories/${deskSlug}?limit=20`, target: TARGETS.page },
      { name: `search "${SEARCH_WORD}"`, path: `${CONTENT_BASE}/search?q=${SEARCH_WORD}&limit=20`, target: undefined },
    ];

    const meter = attachMeter(db());
    const lines: string[] = [];
    const problems: string[] = [];
    lines.push(
      `${ARTICLES.toLocaleString('en')} articles (${published.toLocaleString('en')} published); ${REQUESTS} requests a run.`,
      '',
      '| Answer | DynamoDB requests (200) | RCU (200) | requests (304) | RCU (304) | CDN 10 conn req/s · p50 · p99 ms | CDN 50 conn | origin 10 conn | origin 50 conn | origin 10 conn, ETag |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const scenario of scenarios) {
      await origin(key, scenario.path);
      const full = await meter.measure(() => origin(key, scenario.path));
      if (full.result.status !== 200) throw new Error(`${scenario.name}: ${full.result.status}`);
      const revalidated = await meter.measure(() => origin(key, scenario.path, full.result.etag));
      if (revalidated.result.status !== 304)
        throw new Error(`${scenario.name} with its ETag: ${revalidated.result.status}`);
      const timings: string[] = [];
      const runs: [string, (n: number) => string, number, string | undefined][] = [
        ['CDN 10', () => scenario.path, 10, undefined],
        ['CDN 50', () => scenario.path, 50, undefined],
        [
          'origin 10',
          (n) => `${scenario.path}${scenario.path.includes('?') ? '&' : '?'}bust=${n}-${randomUUID()}`,
          10,
          undefined,
        ],
        [
          'origin 50',
          (n) => `${scenario.path}${scenario.path.includes('?') ? '&' : '?'}bust=${n}-${randomUUID()}`,
          50,
          undefined,
        ],
        [
          'origin 10 etag',
          (n) => `${scenario.path}${scenario.path.includes('?') ? '&' : '?'}bust=${n}-${randomUUID()}`,
          10,
          full.result.etag,
        ],
      ];
      for (const [label, path, connections, etag] of runs) {
        // A warm-up of a tenth, then the measured run.
        const runKey = runKeys.shift() ?? key;
        await load(stack.url, runKey, path, connections, Math.ceil(REQUESTS / 10), etag);
        const t = await load(stack.url, runKey, path, connections, REQUESTS, etag);
        timings.push(`${fmt(t.rps, 0)} · ${fmt(t.p50)} · ${fmt(t.p99)}`);
        if (label === 'origin 10' && t.p99 > TARGETS.p99Ms)
          problems.push(`${scenario.name}: origin p99 ${fmt(t.p99)} ms at 10 connections`);
        if ([...t.statuses].some((s) => s !== 200 && s !== 304))
          problems.push(`${scenario.name} ${label}: statuses ${[...t.statuses]}`);
      }
      if (scenario.target !== undefined && full.reading.requests > scenario.target) {
        problems.push(`${scenario.name}: ${full.reading.requests} requests, target ${scenario.target}`);
      }
      lines.push(
        `| ${scenario.name} | ${cost(full.reading)} | ${fmt(full.reading.rcu)} | ${cost(revalidated.reading)} | ${fmt(revalidated.reading.rcu)} | ${timings.join(' | ')} |`,
      );
    }
    meter.detach();

    // Publish → visible: the admin's Publish, then the article's address through the CDN until it answers 200.
    const visible: number[] = [];
    const me = await (await fetch(`${api}/user/me`, { headers: auth })).json();
    for (let run = 0; run < PUBLISH_RUNS; run++) {
      const title = `Bench publish ${run} ${randomUUID().slice(0, 8)}`;
      const create = await fetch(`${api}/cms/create`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          action: 'publish',
          type: 'Article',
          title,
          categories: [CATEGORY_LIST[0]?._id],
          user: me.data._id,
          publishDate: new Date(Date.now() - 60_000).toISOString(),
          body: [{ title: '', body: { blocks: [{ type: 'paragraph', data: { text: 'Bench.' } }] } }],
        }),
      });
      const createdAt = performance.now();
      const made = (await create.json()) as { data?: { slug: string } };
      if (!made.data) throw new Error(`publish failed: ${create.status} ${JSON.stringify(made)}`);
      const path = `${CONTENT_BASE}/articles/${encodeURIComponent(made.data.slug)}`;
      for (;;) {
        const res = await fetch(`${stack.url}${path}`, { headers: { [CONTENT_KEY_HEADER]: key } });
        await res.arrayBuffer();
        if (res.status === 200) break;
        if (performance.now() - createdAt > 10_000) throw new Error(`${path} not visible after 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      visible.push(performance.now() - createdAt);
    }
    visible.sort((a, b) => a - b);
    const medianVisible = quantile(visible, 0.5);
    if ((visible.at(-1) ?? 0) > TARGETS.visibleMs)
      problems.push(`publish → visible took up to ${fmt(visible.at(-1) ?? 0, 0)} ms`);
    lines.push(
      '',
      `Publish → visible through the local CDN (${PUBLISH_RUNS} runs): median ${fmt(medianVisible, 0)} ms, slowest ${fmt(visible.at(-1) ?? 0, 0)} ms (target ≤ ${TARGETS.visibleMs} ms).`,
      `The stream made the ${published.toLocaleString('en')} published copies of the seeded archive in ${fmt(projectedMs / 1000)} s.`,
      '',
      problems.length === 0 ? 'Every target met.' : `Missed: ${problems.join('; ')}.`,
    );
    report(SECTION.delivery, lines, [`BENCH_ARTICLES=${ARTICLES}`]);
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
