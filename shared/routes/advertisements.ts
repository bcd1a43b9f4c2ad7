/** Advertisements. */

import {
  type AdvertisementDetail,
  type AdvertisementRow,
  advertisementListQuerySchema,
  advertisementSchema,
  advertisementUpdateSchema,
} from '../schemas/advertisement';
import type { ListPage } from '../schemas/common';
import { type ApiRoute, need, returns } from './kit';

export const ADVERTISEMENT_ROUTES = [
  {
    method: 'GET',
    path: '/advertisement',
    lambda: 'advertisement',
    access: need('Advertisement', 'Read'),
    summary: 'List advertisements (search, categories, date)',
    query: advertisementListQuerySchema,
    result: returns<ListPage<AdvertisementRow>>(),
  },
  {
    method: 'GET',
    path: '/advertisement/{id}',
    lambda: 'advertisement',
    access: need('Advertisement', 'Read', 'Edit'),
    summary: 'One advertisement',
    result: returns<AdvertisementDetail>(),
  },
  {
    method: 'POST',
    path: '/advertisement',
    lambda: 'advertisement',
    access: need('Advertisement', 'Write'),
    summary: 'Create an advertisement',
    body: advertisementSchema,
    result: returns<AdvertisementDetail>(),
  },
  {
    method: 'PATCH',
    path: '/advertisement/{id}',
    lambda: 'advertisement',
    access: need('Advertisement', 'Edit'),
    summary: 'Update an advertisement',
    body: advertisementUpdateSchema,
    result: returns<AdvertisementDetail>(),
  },
] as const satisfies readonly ApiRoute[];
