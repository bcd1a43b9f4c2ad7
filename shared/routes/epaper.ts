/** E-paper editions. */
import type { ListPage } from '../schemas/common';
import {
  EPAPER_UPDATE_FORMS,
  type EpaperDetail,
  type EpaperRow,
  epaperListQuerySchema,
  epaperSchema,
  epaperUpdateForm,
} from '../schemas/epaper';
import { TRASHABLE_RESOURCES } from '../trash-resources';
import { type ApiRoute, bodyForms, recordRoutes, returns } from './kit';
import { trashRoutes } from './trash';

const epaper = recordRoutes('epaper', 'Epaper', ['Edit', 'EditOwn']);

export const EPAPER_ROUTES = [
  epaper.list('/epaper', 'List e-paper editions', epaperListQuerySchema, returns<ListPage<EpaperRow>>()),
  epaper.one('/epaper/detail/{id}', 'One e-paper edition', returns<EpaperDetail>()),
  epaper.create('/epaper/create', 'Create an e-paper edition', epaperSchema, returns<EpaperDetail>()),
  epaper.update(
    '/epaper/{id}',
    'Update or publish/un-publish an edition',
    bodyForms({
      forms: EPAPER_UPDATE_FORMS,
      formOf: epaperUpdateForm,
      describe: {
        edit: 'The whole form, with the version read.',
        status: 'Only the status (Draft or Published) with the version read: publish or un-publish the edition.',
      },
    }),
    returns<EpaperDetail>(),
  ),
  ...trashRoutes(TRASHABLE_RESOURCES.epaper),
] as const satisfies readonly ApiRoute[];
