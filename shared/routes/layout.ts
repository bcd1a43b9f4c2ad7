/** The home-page layout: every signed-in user reads it (CONTRACT.md §6); writing needs Edit on Layout. */
import { type HomeLayout, layoutUpdateSchema } from '../schemas/layout';
import { type ApiRoute, lambdaRoutes, need, returns, SIGNED_IN } from './kit';

const layout = lambdaRoutes('layout');

export const LAYOUT_ROUTES = [
  layout.get('/layout/home', SIGNED_IN, 'The home-page layout', { result: returns<HomeLayout>() }),
  layout.patch('/layout/{id}', need('Layout', 'Edit'), 'Replace the home-page layout', {
    body: layoutUpdateSchema,
    result: returns<HomeLayout>(),
  }),
] as const satisfies readonly ApiRoute[];
