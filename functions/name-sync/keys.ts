/**
 * Keys of the sync's own item: for each renamed record, the last sync that walked its copies (`SYNCED`), so that a
 * rename an earlier walk already covered, delivered again or late, is not walked again.
 */
import type { Named } from '../lib/db/copies';

export const syncedKey = (named: Named) => ({ pk: `NAMESYNC#${named.kind.toUpperCase()}#${named.id}`, sk: 'SYNCED' });
