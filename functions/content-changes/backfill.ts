/**
 * Making the whole published projection from the records, for a table whose records came before it (or before a
 * change of what it holds): every published article, every category, every e-paper edition, the site, the home page,
 * the menus, breaking news and the ads not ended. Safe to run again (each projection makes its copy agree with the records) and
 * while the stream consumer runs. A mark (`PUB#DOC#BACKFILL`) says which version of the projection was made, so
 * the local stack runs it once per version at start and `npm run migrate:published` in AWS.
 */
import { adModel } from '../advertisement/model';
import { articleModel } from '../article/model';
import { categoryModel } from '../category/model';
import { epaperModel } from '../epaper/model';
import { queryOnePage } from '../lib/db/paging';
import { DOCS, putDoc, readDoc } from '../published/model';
import { type Outcome, project } from './project';

/** Moves when the projection's documents change shape: the backfill then runs again. */
export const PROJECTION_VERSION = 4;
const MARK = 'BACKFILL';

export interface BackfillReport {
  articles: number;
  categories: number;
  epapers: number;
  ads: number;
}

/** The ids of every record of an index partition, a page at a time. */
async function* idsOf(listing: Parameters<typeof queryOnePage>[0]): AsyncGenerator<string[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryOnePage(listing, start, 200);
    yield (page.Items ?? []).map((item) => String(item._id));
    start = page.LastEvaluatedKey;
  } while (start);
}

/** Whether this version of the projection has been made already. */
export async function projectionIsCurrent(): Promise<boolean> {
  const mark = await readDoc<{ version: number }>(DOCS.mark(MARK), true);
  return mark?.state?.version === PROJECTION_VERSION;
}

/** Makes the whole projection; the purges and events of what it changed are not sent (nobody had it yet). */
export async function backfillProjection(): Promise<BackfillReport & { outcome: Outcome }> {
  const report: BackfillReport = { articles: 0, categories: 0, epapers: 0, ads: 0 };
  const categories = new Map<string, string | undefined>();
  for await (const ids of idsOf(categoryModel.listing('gsi1'))) for (const id of ids) categories.set(id, undefined);
  report.categories = categories.size;
  const outcomes: Outcome[] = [];
  const base = {
    articles: new Set<string>(),
    epapers: new Set<string>(),
    ads: new Set<string>(),
    categories: new Map(),
    home: false,
  };
  outcomes.push(await project({ ...base, categories, menus: true, site: true, breakingNews: true }));
  for await (const ids of idsOf(articleModel.listing('gsi2', 'Published'))) {
    report.articles += ids.length;
    outcomes.push(await project({ ...base, articles: new Set(ids), menus: false, site: false, breakingNews: false }));
  }
  for await (const ids of idsOf(epaperModel.listing('gsi1'))) {
    report.epapers += ids.length;
    outcomes.push(await project({ ...base, epapers: new Set(ids), menus: false, site: false, breakingNews: false }));
  }
  for await (const ids of idsOf(adModel.listing('gsi1'))) {
    report.ads += ids.length;
    outcomes.push(await project({ ...base, ads: new Set(ids), menus: false, site: false, breakingNews: false }));
  }
  // The home page last: its cards are the articles' copies.
  outcomes.push(await project({ ...base, home: true, menus: false, site: false, breakingNews: false }));
  await putDoc(DOCS.mark(MARK), JSON.stringify({ version: PROJECTION_VERSION }), { version: PROJECTION_VERSION });
  return {
    ...report,
    outcome: { paths: outcomes.flatMap((o) => o.paths), events: outcomes.flatMap((o) => o.events) },
  };
}
