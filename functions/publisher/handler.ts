/** Runs every minute (EventBridge in AWS, a timer locally): Scheduled articles whose time has come are published. */
import { nowIso } from '../lib/ids';
import { dueArticles, publishScheduled } from './repo';

export async function publishDue(now = nowIso()): Promise<{ published: number; skipped: number }> {
  let published = 0;
  let skipped = 0;
  for (const article of await dueArticles(now)) {
    if (await publishScheduled(article, now)) published++;
    else skipped++;
  }
  return { published, skipped };
}

export const handler = async (): Promise<{ published: number; skipped: number }> => {
  const result = await publishDue();
  if (result.published + result.skipped > 0) console.log(JSON.stringify({ message: 'publisher run', ...result }));
  return result;
};
