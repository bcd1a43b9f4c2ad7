/**
 * A category's key (`CATEGORY#<id>` / `CATEGORY`). Kept apart from model.ts (which builds on it and re-exports it)
 * so that code which only reads categories by id, the public preview Lambda's above all, reaches no category write.
 */
import { entityKey } from '../lib/db/entity-keys';

export const CATEGORY_ENTITY = 'CATEGORY';

export const categoryKey = (id: string) => entityKey(CATEGORY_ENTITY, id);
