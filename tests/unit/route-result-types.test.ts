/**
 * A route's code must answer what the route table says it returns (`result`), the type the web client reads:
 * `npm run typecheck` checks the `@ts-expect-error` lines below (each must be an error); nothing here runs.
 */
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../functions/auth/gate';
import { reply } from '../../functions/lib/http';
import { CATEGORY_ROUTES } from '../../shared/routes/categories';
import type { CategoryRecord } from '../../shared/schemas/category';

/** Type-checks `build` without running it (a handler with missing routes would throw). */
const typed = (_build: () => unknown) => undefined;

const category = {} as CategoryRecord;

describe('route results', () => {
  it('are checked against the route table', () => {
    typed(() =>
      createHandler('category', CATEGORY_ROUTES, {
        'GET /category/': async () => [{ ...category, children: [] }],
        'GET /category/list': async () => [{ _id: 'x', name: 'News', slug: 'news', parent: null, active: true }],
        'POST /category/create': async () => reply(201, category),
        'PATCH /category/{id}': async () => category,
        'DELETE /category/{id}': async () => null,
        'GET /category/trash': async () => ({ list: [], total: 0 }),
        'POST /category/trash/{id}/restore': async () => null,
        'DELETE /category/trash/{id}': async () => null,
      }),
    );
    typed(() =>
      createHandler('category', CATEGORY_ROUTES, {
        // @ts-expect-error the tree's nodes carry their children
        'GET /category/': async () => [category],
        // @ts-expect-error the picker rows are categories, not names
        'GET /category/list': async () => ['News'],
        // @ts-expect-error a reply carries the route's result too
        'POST /category/create': async () => reply(201, { created: true }),
        'PATCH /category/{id}': async () => category,
        'DELETE /category/{id}': async () => null,
        'GET /category/trash': async () => ({ list: [], total: 0 }),
        'POST /category/trash/{id}/restore': async () => null,
        'DELETE /category/trash/{id}': async () => null,
      }),
    );
    expect(typed).toBeTypeOf('function');
  });
});
