/**
 * Autosaves: what a user's editor holds while they type, one item a user and article, written every
 * few seconds of inactivity. It never touches the article: not its status, its version, its live content or
 * what readers see. A successful save by that user deletes it (in the save's transaction); otherwise it
 * expires after AUTOSAVE_DAYS. Stored text is cleaned like a save's before it is kept.
 */
import { sanitizeSections } from '../../../shared/rich-text';
import type { ArticleAutosaveInput } from '../../../shared/schemas/article';
import type { ArticleAutosave } from '../../../shared/schemas/article-record';
import { requireContentFits } from '../fields';
import { type AutosaveRecord, deleteAutosave, putAutosave, readAutosaveRecord } from '../model';

const AUTOSAVE_DAYS = 30;

export async function writeAutosave(articleId: string, userId: string, input: ArticleAutosaveInput, now: Date) {
  const sent = { ...input.fields, title: input.fields.title ?? '' };
  // As a save: measured before its HTML is parsed, and again cleaned (functions/article/fields.ts, contentOf).
  requireContentFits(sent);
  const record: AutosaveRecord = {
    fields: { ...sent, body: sanitizeSections(sent.body ?? []) },
    baseVersion: input.baseVersion,
    savedAt: now.toISOString(),
  };
  requireContentFits(record.fields);
  await putAutosave(articleId, userId, record, Math.floor(now.getTime() / 1000) + AUTOSAVE_DAYS * 86_400);
  return { savedAt: record.savedAt };
}

/** The user's autosave when it is newer than the article's last save (`updatedAt`); null otherwise. */
export async function readAutosave(
  articleId: string,
  userId: string,
  updatedAt: string,
): Promise<ArticleAutosave | null> {
  const item = await readAutosaveRecord(articleId, userId);
  if (!item || item.savedAt <= updatedAt) return null;
  return {
    fields: { ...item.fields, body: sanitizeSections(item.fields.body ?? []) },
    baseVersion: item.baseVersion,
    savedAt: item.savedAt,
  };
}

export async function dropAutosave(articleId: string, userId: string) {
  await deleteAutosave(articleId, userId);
}
