/**
 * Seeding for infra/bench/list.ts: writes the fake articles (list-articles.ts) and the status counters into the
 * table with BatchWriteItem, several batches in flight, and keeps what the data should answer to check totals.
 */
import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  ARTICLE_PAGES,
  ARTICLE_SEARCH,
  articleCounterItem,
  authorCounterKey,
  authorListingItem,
  authorPages,
  contentItem,
  rowItem,
  searchEntry,
} from '../../functions/article/model';
import { db, tableName } from '../../functions/lib/db/client';
import { pageIndexItems } from '../../functions/lib/db/page-index';
import { indexCompleteKey } from '../../functions/search/keys';
import { searchWords, titleMatches, wordsOf } from '../../functions/search/terms';
import { type CounterMove, counterMoves, mergeMoves, postingItems } from '../../functions/search/writes';
import { ARTICLE_STATUSES, type ArticleStatus, SEARCH_INDEX_VERSION } from '../../shared/constants';
import { itemSize } from './dynamo-meter';
import { article, SEARCH_WORD } from './list-articles';

const BATCH = 25;
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 8);
/** Scheduled articles whose publish date has passed: what the publisher's sweep must find. */
const DUE = 20;

/** A seeded article as the Postgres side of the benchmark stores it. */
export interface PlainRow {
  id: string;
  title: string;
  status: string;
  type: string;
  createdAt: string;
  slug: string;
  authorName: string;
}

/** What the seeded data should answer, to check the totals the list returns. */
export interface Truth {
  byStatus: Map<ArticleStatus, number>;
  /** Articles whose title has SEARCH_WORD, by UTC day of creation. */
  searchDays: Map<string, number>;
  /** Each probe search's number of matching titles (a word of the title starts with each searched word). */
  probeTotals: Map<string, number>;
  due: number;
  rowBytes: number;
  contentBytes: number;
  /** Title index items written: postings and term counters. */
  postings: number;
  termCounters: number;
  /** Authors' listing items and counters, and the page indexes' items (of the tabs and of each author). */
  listingItems: number;
  /** Articles by author id, then status (and `ALL`). */
  byAuthor: Map<string, Map<string, number>>;
  /** Every article, for the Postgres side. */
  rows: PlainRow[];
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

export async function seed(articles: number, probes: readonly string[]): Promise<Truth> {
  const truth: Truth = {
    byStatus: new Map(),
    searchDays: new Map(),
    probeTotals: new Map(probes.map((p) => [p, 0])),
    due: 0,
    rowBytes: 0,
    contentBytes: 0,
    postings: 0,
    termCounters: 0,
    listingItems: 0,
    byAuthor: new Map(),
    rows: [],
  };
  const probeWords = probes.map((p) => [p, searchWords(p)] as const);
  const counters = new Map<string, CounterMove>();
  // What the page indexes count (functions/lib/db/page-index.ts): each article in `ALL` and its status, in the
  // tabs' index and in its author's.
  const pages = new Map<string, { at: string; bucket: string }[]>();
  const countPage = (name: string, at: string, status: string) => {
    const entries = pages.get(name) ?? [];
    entries.push({ at, bucket: 'ALL' }, { at, bucket: status });
    pages.set(name, entries);
  };
  // DUE articles, at indexes spread over the run, are Scheduled with a publish date already passed; the other
  // Scheduled ones (3% of the mix) are due in the next 60 days.
  const dueEvery = Math.max(1, Math.floor(articles / DUE));
  function* items(): Generator<Record<string, unknown>> {
    for (let i = 0; i < articles; i++) {
      const due = truth.due < DUE && i % dueEvery === 7 % dueEvery;
      const { row: plain, content } = article(i, due);
      // Listed under its author and counted in the page indexes, as a save stores it.
      const row = { ...plain, authorListed: true, pagesCounted: true };
      if (due) truth.due++;
      truth.byStatus.set(row.status, (truth.byStatus.get(row.status) ?? 0) + 1);
      if (wordsOf(row.title).includes(SEARCH_WORD)) {
        const day = row.createdAt.slice(0, 10);
        truth.searchDays.set(day, (truth.searchDays.get(day) ?? 0) + 1);
      }
      for (const [probe, words] of probeWords) {
        if (titleMatches(row.searchTitle, words)) truth.probeTotals.set(probe, (truth.probeTotals.get(probe) ?? 0) + 1);
      }
      truth.rows.push({
        id: row._id,
        title: row.title,
        status: row.status,
        type: row.type,
        createdAt: row.createdAt,
        slug: row.slug,
        authorName: row.authorName,
      });
      const r = rowItem(row);
      const c = contentItem(row, content);
      truth.rowBytes += itemSize(r);
      truth.contentBytes += itemSize(c);
      yield r;
      yield c;
      yield authorListingItem(row);
      truth.listingItems++;
      const byStatus = truth.byAuthor.get(row.user) ?? new Map<string, number>();
      for (const bucket of ['ALL', row.status]) byStatus.set(bucket, (byStatus.get(bucket) ?? 0) + 1);
      truth.byAuthor.set(row.user, byStatus);
      countPage(ARTICLE_PAGES, row.createdAt, row.status);
      countPage(authorPages(row.user), row.createdAt, row.status);
      // The title index, as createArticle writes it (functions/search/writes.ts), counters summed at the end.
      const entry = searchEntry(row);
      for (const posting of postingItems(ARTICLE_SEARCH, entry)) {
        truth.postings++;
        yield posting;
      }
      mergeMoves(counterMoves(ARTICLE_SEARCH, entry, 1), counters);
    }
    for (const { key, deltas } of counters.values()) {
      truth.termCounters++;
      yield { ...key, ...deltas };
    }
    // Every row is indexed under the current terms, as the backfill marks a collection it has brought up to date.
    yield { ...indexCompleteKey(ARTICLE_SEARCH), version: SEARCH_INDEX_VERSION };
    for (const [name, entries] of pages) {
      for (const item of pageIndexItems(name, entries)) {
        truth.listingItems++;
        yield item;
      }
    }
    for (const [userId, byStatus] of truth.byAuthor) {
      truth.listingItems++;
      yield { ...authorCounterKey(userId), ...Object.fromEntries(byStatus) };
    }
    // The counters, at the true counts (createArticle keeps them in the same transaction as each write).
    yield articleCounterItem('ALL', articles);
    for (const status of ARTICLE_STATUSES) {
      yield articleCounterItem(status, truth.byStatus.get(status) ?? 0);
    }
  }

  const source = items();
  // Rows, contents and counters; the index items are counted as they are made.
  const estimate = () =>
    articles * 2 + 1 + ARTICLE_STATUSES.length + truth.postings + truth.termCounters + truth.listingItems;
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
      if (written - reported >= 250_000) {
        reported = written;
        const s = (performance.now() - start) / 1000;
        console.log(`  ${written.toLocaleString('en-US')} items, ${s.toFixed(0)} s`);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - start) / 1000;
  const total = estimate();
  console.log(
    `Seeded ${articles.toLocaleString('en-US')} articles (${total.toLocaleString('en-US')} items: row + content each, ` +
      `${truth.postings.toLocaleString('en-US')} title postings, ${truth.termCounters.toLocaleString('en-US')} term counters, ` +
      `${truth.listingItems.toLocaleString('en-US')} author listing and page index items, and the status counters) in ${seconds.toFixed(1)} s (${Math.round(total / seconds).toLocaleString('en-US')} items/s, ` +
      `BatchWriteItem of ${BATCH}, ${IN_FLIGHT} in flight); average row ${Math.round(truth.rowBytes / articles)} B, ` +
      `content ${(truth.contentBytes / articles / 1024).toFixed(1)} KB`,
  );
  return truth;
}
