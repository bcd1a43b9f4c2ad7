/** Runs every minute (EventBridge in AWS, a timer locally): Scheduled articles whose time has come are published. */

import { dueArticles } from '../cms/repo';
import { nowIso } from '../lib/ids';
import { publishScheduled } from './service';

/** Reads due articles a batch at a time; an article changed meanwhile (skipped) stays for the next run. */
const BATCH = 100;
const MAX_BATCHES = 20;

export async function publishDue(now = nowIso()): Promise<{ published: number; skipped: number }> {
  let published = 0;
  let skipped = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await dueArticles(now, BATCH);
    let progressed = false;
    for (const article of due) {
      if (await publishScheduled(article, now)) {
        published++;
        progressed = true;
      } else skipped++;
    }
    // A full batch means more may be due; stop when nothing moved (only skipped ones remain).
    if (due.length < BATCH || !progressed) break;
  }
  return { published, skipped };
}

export const handler = async (): Promise<{ published: number; skipped: number }> => {
  const result = await publishDue();
  if (result.published + result.skipped > 0) console.log(JSON.stringify({ message: 'publisher run', ...result }));
  return result;
};
