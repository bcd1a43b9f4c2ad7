/**
 * An asset's key (`ASSET#<id>` / `ASSET`) and a file's public address. Kept apart from model.ts (which builds on
 * them) so that code which only reads files by id, the public preview Lambda's above all, reaches none of the
 * asset writes.
 */
import { MEDIA_BASE } from '../../shared/addresses';
import { entityKey } from '../lib/db/entity-keys';

export const ASSET_ENTITY = 'ASSET';

export const assetKey = (id: string) => entityKey(ASSET_ENTITY, id);

/** A stored file's public address, from its object key. */
export const mediaUrl = (key: string) => `${MEDIA_BASE}/${key}`;
