/**
 * An article's own keys: its row (`CMS#<id>` / `CMS`) and the items an editor's read returns with it (`CONTENT`,
 * `DRAFT`, `LOCK`). Kept apart from model.ts (which builds on them and re-exports them) so that code which only
 * reads an article, the public preview Lambda's above all, reaches none of the article's writes.
 */
import { entityKey } from '../lib/db/entity-keys';

/** The stored entity's name: keys `CMS#<id>`, counters `COUNT#CMS`. */
export const CMS_ENTITY = 'CMS';
/** The row's key (`CMS#<id>` / `CMS`, articleModel's); the article's other items share its partition. */
export const articleKey = (id: string) => entityKey(CMS_ENTITY, id);

export const articleContentKey = (id: string) => ({ pk: `CMS#${id}`, sk: 'CONTENT' });
/**
 * A live article's saved, unpublished changes (`DRAFT`) and its edit lock (`LOCK`) sort right after `CONTENT`:
 * the editor's read (getArticle) is one Query of `CMS` … `LOCK`. Autosaves (`AUTOSAVE#`, before `CMS`) and
 * revisions (`REV#`, after `LOCK`) stay out of it.
 */
export const articleDraftKey = (id: string) => ({ pk: `CMS#${id}`, sk: 'DRAFT' });
export const articleLockKey = (id: string) => ({ pk: `CMS#${id}`, sk: 'LOCK' });
export const ARTICLE_READ_RANGE = { from: 'CMS', to: 'LOCK' } as const;
