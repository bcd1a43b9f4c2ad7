/** The home-page layout: every signed-in user reads it (SPEC §6); writing needs Edit on Layout. */
import { type HomeLayout, layoutUpdateSchema } from '../schemas/layout';
import { type ApiRoute, need, returns, SIGNED_IN } from './kit';

export const LAYOUT_ROUTES = [
  {
    method: 'GET',
    path: '/layout/home',
    lambda: 'layout',
    access: SIGNED_IN,
    summary: 'The home-page layout',
    result: returns<HomeLayout>(),
  },
  {
    method: 'PATCH',
    path: '/layout/{id}',
    lambda: 'layout',
    access: need('Layout', 'Edit'),
    summary: 'Replace the home-page layout',
    body: layoutUpdateSchema,
    result: returns<HomeLayout>(),
  },
] as const satisfies readonly ApiRoute[];
