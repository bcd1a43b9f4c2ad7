/**
 * `npm run migrate:sanitize`: cleans the rich text of every stored article once, with the allow-list the API
 * now applies on every write (shared/rich-text.ts), so content saved before that holds no script. Reads stay
 * cleaned either way; this makes the stored items themselves clean.
 *
 * Pages through the articles' index (gsi1, `CMS`: one entry per article, no Scan of the whole table), reads the
 * rows' versions and then the content items, and rewrites only the sections whose cleaned form differs. The
 * write is a transaction that also checks the row is still at the version read: an editor's save in between
 * (which bumps the version in the same transaction as its content) wins, and the article is reported as
 * skipped (run again to clean it). The version is not bumped: nobody with the article open gets a conflict,
 * and their next save is cleaned by the API anyway.
 *
 * Locally (with `npm start` running): DYNAMODB_ENDPOINT=<the DynamoDB address it prints> npm run migrate:sanitize
 * Deployed: TABLE_NAME=<the stack's TableName output> npm run migrate:sanitize (default AWS credentials).
 * `--dry-run` counts what would change without writing.
 */
import { articleIdsPage, versionsThenContents, writeCleanSections } from '../../functions/article/model';
import { tableName } from '../../functions/lib/db/client';
import { sanitizeSections } from '../../shared/rich-text';
import { requireTableFromEnvironment, runAsCommand } from './migration-env';

export interface SanitizeReport {
  /** Articles whose content was read. */
  checked: number;
  /** Articles whose sections were rewritten (or, in a dry run, would be). */
  changed: number;
  /** Ids of articles saved by someone while the migration ran: left as they are, to be run again. */
  skipped: string[];
}

export interface SanitizeOptions {
  dryRun?: boolean;
  /** Articles per index page (and per pair of BatchGets). */
  pageSize?: number;
}

/** JSON with object keys sorted: DynamoDB does not keep the order of a map's keys. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

export async function migrateSanitize(options: SanitizeOptions = {}): Promise<SanitizeReport> {
  const report: SanitizeReport = { checked: 0, changed: 0, skipped: [] };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await articleIdsPage(start, options.pageSize ?? 100);
    start = page.next;
    if (page.ids.length === 0) continue;
    const { versions, contents } = await versionsThenContents(page.ids);
    for (const content of contents) {
      const id = String(content._id);
      const version = versions.get(id);
      report.checked++;
      const clean = sanitizeSections(content.body);
      if (canonical(clean) === canonical(content.body ?? [])) continue;
      if (version === undefined) {
        report.skipped.push(id);
        continue;
      }
      if (options.dryRun || (await writeCleanSections(id, version, clean))) report.changed++;
      else report.skipped.push(id);
    }
  } while (start);
  return report;
}

async function main() {
  requireTableFromEnvironment();
  const dryRun = process.argv.includes('--dry-run');
  const report = await migrateSanitize({ dryRun });
  console.log(`Table ${tableName()}${dryRun ? ' (dry run: nothing written)' : ''}`);
  console.log(`checked: ${report.checked}`);
  console.log(`${dryRun ? 'would change' : 'changed'}: ${report.changed}`);
  console.log(`skipped (saved meanwhile, run again): ${report.skipped.length}`);
  for (const id of report.skipped) console.log(`  ${id}`);
}

runAsCommand(import.meta.url, main);
