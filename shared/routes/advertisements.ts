/** Advertisements. */

import { type AdFlight, adReportQuerySchema, type ClientReport } from '../schemas/ad-serving';
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
  // Client Management's report: the ads of one client and their counts over days.
  advertisement.get(
    '/advertisement/report',
    advertisement.can.read,
    'A client’s ads and their counts over a range of days (UTC; the last 30 by default)',
    { query: adReportQuerySchema, result: returns<ClientReport>() },
  ),
  advertisement.one('/advertisement/{id}', 'One advertisement', returns<AdvertisementDetail>()),
  advertisement.get(
    '/advertisement/{id}/flight',
    advertisement.can.read,
    'An ad’s delivery day by day (UTC), against its cap',
    { result: returns<AdFlight>() },
  ),
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
