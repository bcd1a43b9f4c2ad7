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
import { type ApiRoute, bodyForms, need, returns } from './kit';

export const EPAPER_ROUTES = [
  {
    method: 'GET',
    path: '/epaper',
    lambda: 'epaper',
    access: need('Epaper', 'Read'),
    summary: 'List e-paper editions',
    query: epaperListQuerySchema,
    result: returns<ListPage<EpaperRow>>(),
  },
  {
    method: 'GET',
    path: '/epaper/detail/{id}',
    lambda: 'epaper',
    access: need('Epaper', 'Read', 'Edit', 'EditOwn'),
    summary: 'One e-paper edition',
    result: returns<EpaperDetail>(),
  },
  {
    method: 'POST',
    path: '/epaper/create',
    lambda: 'epaper',
    access: need('Epaper', 'Write'),
    summary: 'Create an e-paper edition',
    body: epaperSchema,
    result: returns<EpaperDetail>(),
  },
  {
    method: 'PATCH',
    path: '/epaper/{id}',
    lambda: 'epaper',
    access: need('Epaper', 'Edit', 'EditOwn'),
    summary: 'Update or publish/un-publish an edition',
    body: bodyForms({
      forms: EPAPER_UPDATE_FORMS,
      formOf: epaperUpdateForm,
      describe: {
        edit: 'The whole form, with the version read.',
        status: 'Only the status (Draft or Published) with the version read: publish or un-publish the edition.',
      },
    }),
    result: returns<EpaperDetail>(),
  },
] as const satisfies readonly ApiRoute[];
