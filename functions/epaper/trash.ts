/**
 * E-paper editions in the trash (functions/trash/): out of the list, its counter, the date index and the title
 * index. Its URL (slug) stays taken until it is deleted for good.
 */
import { nameReferenceWrites } from '../lib/db/copies';
import { counterUpdate } from '../lib/db/counters';
import { deleteItem } from '../lib/db/records';
import { reclaimUnique } from '../trash/reference-guards';
import type { Trashable } from '../trash/trashable';
import { EPAPER_ENTITY, epaperKey, epaperSlugKey } from './keys';
import { EPAPER_NAMES, EPAPERS_INDEXED, type EpaperRecord, epaperItem, SLUG_TAKEN } from './repo';

export const EPAPER_TRASH: Trashable<EpaperRecord> = {
  entity: EPAPER_ENTITY,
  auditType: 'epaper',
  ownership: { resource: 'Epaper', ownerOf: (e) => e.user, noun: 'e-paper editions' },
  notFoundMessage: 'No such edition',
  key: epaperKey,
  itemOf: epaperItem,
  indexed: EPAPERS_INDEXED,
  titleOf: (e) => e.title,
  leaving: () => [counterUpdate(EPAPER_ENTITY, 'ALL', -1)],
  restored: (e) => ({ ...e, namesListed: true }),
  returning: (e) => [
    counterUpdate(EPAPER_ENTITY, 'ALL', 1),
    reclaimUnique(epaperSlugKey(e.slug), { attribute: 'epaperId', id: e._id }, SLUG_TAKEN),
    // Its name reference stays while it is in the trash; put again, for one trashed before it existed.
    ...nameReferenceWrites(EPAPER_NAMES, undefined, e),
  ],
  purging: (e) => [deleteItem(epaperSlugKey(e.slug)), ...nameReferenceWrites(EPAPER_NAMES, e, undefined)],
};
