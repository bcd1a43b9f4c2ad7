/** The API's own contract: its OpenAPI document, public (it describes the routes and their rules, no data). */
import { type ApiRoute, PUBLIC, returns } from './kit';

export const DOCS_ROUTES = [
  {
    method: 'GET',
    path: '/openapi.json',
    lambda: 'docs',
    access: PUBLIC,
    summary: 'This API’s OpenAPI 3.1 document (the whole body, not inside `data`)',
    result: returns<Record<string, unknown>>(),
  },
] as const satisfies readonly ApiRoute[];
