/**
 * `npm run migrate:search-index`: builds the title index (functions/search/) for the articles, ads and e-paper editions written
 * before it existed, in bounded batches, safe to run while editors work (functions/search/backfill.ts): each
 * record is indexed in its own transaction at the version read, without moving it. It stores how far it got
 * after every batch, so an interrupted run resumes where it stopped; run it again until it says "done".
 *
 * Locally (with `npm start` running): DYNAMODB_ENDPOINT=<the DynamoDB address it prints> npm run migrate:search-index
 * Deployed: TABLE_NAME=<the stack's TableName output> npm run migrate:search-index (default AWS credentials).
 * `--restart` reads from the beginning again; `--batches N` stops after N batches of each collection.
 */
import { countAdsInCategories } from '../../functions/advertisement/category-counts';
import { countAdsInClients } from '../../functions/advertisement/client-counts';
import { setAdCounters } from '../../functions/advertisement/counting';
import { ADS_BACKFILL } from '../../functions/advertisement/model';
import { listAdNames } from '../../functions/advertisement/names';
import { countArticlesInCategories } from '../../functions/article/category-counts';
import { backfillArticleListings } from '../../functions/article/listings-backfill';
import { ARTICLES_BACKFILL } from '../../functions/article/model';
import { listArticleNames } from '../../functions/article/names';
import { backfillMediaLibrary } from '../../functions/asset/library-backfill';
import { claimCategoryNames, describeDuplicates } from '../../functions/category/names';
import { EPAPERS_BACKFILL } from '../../functions/epaper/model';
import { listEditionNames } from '../../functions/epaper/names';
import { tableName } from '../../functions/lib/db/client';
import { rekeyUnique } from '../../functions/lib/db/unique-keys';
import { countMenusInCategories } from '../../functions/menu/category-counts';
import { type BackfillOptions, type BackfillSource, backfillSearchIndex } from '../../functions/search/backfill';
import type { IndexedRecord } from '../../functions/search/writes';
import { fail, requireTableFromEnvironment, runAsCommand } from './migration-env';
import { UNIQUE_KEY_MOVES } from './unique-key-moves';

function flagValue(name: string): number | undefined {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) fail(`${name} takes a whole number of batches`);
  return value;
}

async function main() {
  requireTableFromEnvironment();
  const restart = process.argv.includes('--restart');
  const maxBatches = flagValue('--batches');
  console.log(`Table ${tableName()}${restart ? ' (from the beginning)' : ''}`);
  await backfill('articles', ARTICLES_BACKFILL, { restart, maxBatches });
  await backfill('advertisements', ADS_BACKFILL, { restart, maxBatches });
  await backfill('e-paper editions', EPAPERS_BACKFILL, { restart, maxBatches });
  // The articles' category counters (a category with articles cannot be removed): a whole pass, idempotent.
  const categories = await countArticlesInCategories();
  console.log(`category counters: ${categories.counted} articles counted, ${categories.busy} busy (run again)`);
  // The authors' listings and totals (the list's author filter and Mine) and the page indexes (any page by its
  // number): a whole pass, idempotent.
  const authors = await backfillArticleListings();
  console.log(`author listings and page indexes: ${authors.listed} articles done, ${authors.busy} busy (run again)`);
  // The clients' ad counts (a client with ads cannot be removed): a whole pass, idempotent.
  console.log(`client counters: ${await countAdsInClients()} ads counted`);
  // The ads' impression counters (their cap's shares): a whole pass, idempotent.
  console.log(`ad counters: ${await setAdCounters()} ads set`);
  // The media library's filters, pictures' sizes and every file's uses: once (a mark item says it ran).
  const library = await backfillMediaLibrary();
  console.log(
    library
      ? `media library: ${library.files} files indexed, ${library.uses} uses written`
      : 'media library: done before',
  );
  // The menus and ads naming each category (a category they name cannot be removed): a whole pass each, idempotent.
  console.log(`category uses: ${await countMenusInCategories()} menus, ${await countAdsInCategories()} ads listed`);
  // The unique names and slugs under their look-alike keys: a whole pass, idempotent.
  for (const moves of UNIQUE_KEY_MOVES) {
    const { moved, clashes } = await rekeyUnique(moves);
    console.log(
      `${moves.name}: ${moved} moved to look-alike keys${clashes.length ? `; look alike, left as they were: ${clashes.join(', ')}` : ''}`,
    );
  }
  // Category names unique among siblings: the items of those from before them, and the siblings sharing a name.
  const names = await claimCategoryNames();
  console.log(`category names: ${names.claimed} claimed, ${names.duplicates.length} shared by siblings`);
  for (const line of describeDuplicates(names.duplicates)) console.log(`  rename or merge: ${line}`);
  // The name references a rename reads instead of the archive: a whole pass each, idempotent.
  for (const [name, list] of NAME_LISTS) {
    const { listed, busy } = await list();
    console.log(`name references: ${listed} ${name} listed, ${busy} busy (run again)`);
  }
}

const NAME_LISTS = [
  ['articles', listArticleNames],
  ['advertisements', listAdNames],
  ['e-paper editions', listEditionNames],
] as const;

async function backfill<R extends IndexedRecord>(name: string, source: BackfillSource<R>, options: BackfillOptions) {
  const report = await backfillSearchIndex(source, {
    ...options,
    onBatch: (r) => {
      if (r.batches % 40 === 0) console.log(`  ${name}: ${r.read} read, ${r.indexed} indexed…`);
    },
  });
  console.log(
    `${name}: ${report.read} read, ${report.indexed} indexed, ${report.skipped} already indexed, ` +
      `${report.busy} busy (saved at every attempt: run again) — ${report.done ? 'done' : 'stopped, run again to resume'}`,
  );
}

runAsCommand(import.meta.url, main);
