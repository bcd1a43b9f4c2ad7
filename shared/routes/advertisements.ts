/** Advertisements. */

import {
  type AdvertisementDetail,
  type AdvertisementRow,
  advertisementListQuerySchema,
  advertisementSchema,
  advertisementUpdateSchema,
} from '../schemas/advertisement';
import type { ListPage } from '../schemas/common';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, recordRoutes, returns } from './kit';
import { trashRoutes } from './trash';

const advertisement = recordRoutes('advertisement', 'Advertisement');

export const ADVERTISEMENT_ROUTES = [
  advertisement.list(
    '/advertisement',
    'List advertisements (search, categories, date)',
    advertisementListQuerySchema,
    returns<ListPage<AdvertisementRow>>(),
  ),
  advertisement.one('/advertisement/{id}', 'One advertisement', returns<AdvertisementDetail>()),
  advertisement.create(
    '/advertisement',
    'Create an advertisement',
    advertisementSchema,
    returns<AdvertisementDetail>(),
  ),
  advertisement.update(
    '/advertisement/{id}',
    'Update an advertisement',
    advertisementUpdateSchema,
    returns<AdvertisementDetail>(),
  ),
  ...trashRoutes(TRASHABLE_RESOURCES.advertisement),
] as const satisfies readonly ApiRoute[];
