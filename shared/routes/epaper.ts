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
import { type ApiRoute, bodyForms, lambdaRoutes, need, returns } from './kit';
import { trashRoutes } from './trash';

const epaper = lambdaRoutes('epaper');

export const EPAPER_ROUTES = [
  epaper.get('/epaper', need('Epaper', 'Read'), 'List e-paper editions', {
    query: epaperListQuerySchema,
    result: returns<ListPage<EpaperRow>>(),
  }),
  epaper.get('/epaper/detail/{id}', need('Epaper', 'Read', 'Edit', 'EditOwn'), 'One e-paper edition', {
    result: returns<EpaperDetail>(),
  }),
  epaper.post('/epaper/create', need('Epaper', 'Write'), 'Create an e-paper edition', {
    body: epaperSchema,
    result: returns<EpaperDetail>(),
  }),
  epaper.patch('/epaper/{id}', need('Epaper', 'Edit', 'EditOwn'), 'Update or publish/un-publish an edition', {
    body: bodyForms({
      forms: EPAPER_UPDATE_FORMS,
      formOf: epaperUpdateForm,
      describe: {
        edit: 'The whole form, with the version read.',
        status: 'Only the status (Draft or Published) with the version read: publish or un-publish the edition.',
      },
    }),
    result: returns<EpaperDetail>(),
  }),
  ...trashRoutes(TRASHABLE_RESOURCES.epaper),
] as const satisfies readonly ApiRoute[];
