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
import { type ApiRoute, lambdaRoutes, need, returns } from './kit';
import { trashRoutes } from './trash';

const advertisement = lambdaRoutes('advertisement');

export const ADVERTISEMENT_ROUTES = [
  advertisement.get('/advertisement', need('Advertisement', 'Read'), 'List advertisements (search, categories, date)', {
    query: advertisementListQuerySchema,
    result: returns<ListPage<AdvertisementRow>>(),
  }),
  advertisement.get('/advertisement/{id}', need('Advertisement', 'Read', 'Edit'), 'One advertisement', {
    result: returns<AdvertisementDetail>(),
  }),
  advertisement.post('/advertisement', need('Advertisement', 'Write'), 'Create an advertisement', {
    body: advertisementSchema,
    result: returns<AdvertisementDetail>(),
  }),
  advertisement.patch('/advertisement/{id}', need('Advertisement', 'Edit'), 'Update an advertisement', {
    body: advertisementUpdateSchema,
    result: returns<AdvertisementDetail>(),
  }),
  ...trashRoutes(TRASHABLE_RESOURCES.advertisement),
] as const satisfies readonly ApiRoute[];
