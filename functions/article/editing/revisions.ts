/**
 * Revisions: every Save and Publish stores the full fields it saved as revision N (`REV#<N>`, N
 * counted on the row), in the save's transaction. An article keeps its last REVISIONS_KEPT revisions and every
 * one that went live: after each save, the revision REVISIONS_KEPT back is given an expiry unless it went live
 * (DynamoDB's TTL deletes it; reads skip it from that moment). Restoring one is a normal save of its fields.
 */
import { REVISIONS_KEPT } from '../../../shared/constants';
import type { Revision, RevisionSummary } from '../../../shared/schemas/article-record';
import { TTL_ATTRIBUTE } from '../../lib/db/table';
import { notFound } from '../../lib/errors';
import { expireRevision, type RevisionRecord, revisionItemOf, revisionItemsOf } from '../model';

const expired = (item: Record<string, unknown>, now: Date) =>
  typeof item[TTL_ATTRIBUTE] === 'number' && item[TTL_ATTRIBUTE] * 1000 <= now.getTime();

/** The stored size of a revision, as the list reports it. */
const sizeOf = (item: Record<string, unknown>) => Buffer.byteLength(JSON.stringify(item));

const summaryOf = (item: Record<string, unknown>): RevisionSummary => {
  const r = item as unknown as RevisionRecord;
  return {
    number: r.number,
    version: r.version,
    at: r.at,
    by: r.by,
    action: r.action,
    status: r.status,
    live: r.live,
    title: r.title,
    bytes: sizeOf(item),
  };
};

/** Newest first. One Query of the article's `REV#` items (at most REVISIONS_KEPT plus the live ones). */
export async function listRevisions(articleId: string, now = new Date()) {
  const items = await revisionItemsOf(articleId);
  const list = items.filter((item) => !expired(item, now)).map(summaryOf);
  return { list, total: list.length };
}

export async function readRevision(articleId: string, revision: number, now = new Date()): Promise<RevisionRecord> {
  const item = Number.isSafeInteger(revision) ? await revisionItemOf(articleId, revision) : undefined;
  if (!item || expired(item, now)) throw notFound('No such revision');
  return item as unknown as RevisionRecord;
}

export const revisionView = (record: RevisionRecord, media: Revision['media']): Revision => ({
  ...summaryOf(record as unknown as Record<string, unknown>),
  fields: record.fields,
  media,
});

/** After revision `latest` is stored: the one REVISIONS_KEPT back expires now, unless it went live. */
export async function expireOldRevision(articleId: string, latest: number, now = new Date()) {
  const old = latest - REVISIONS_KEPT;
  if (old < 1) return;
  await expireRevision(articleId, old, Math.floor(now.getTime() / 1000));
}
