/** The API's own contract: its OpenAPI document, public (it describes the routes and their rules, no data). */
import { type ApiRoute, lambdaRoutes, PUBLIC, returns } from './kit';

const docs = lambdaRoutes('docs');

export const DOCS_ROUTES = [
  docs.get('/openapi.json', PUBLIC, 'This API’s OpenAPI 3.1 document (the whole body, not inside `data`)', {
    result: returns<Record<string, unknown>>(),
  }),
] as const satisfies readonly ApiRoute[];
