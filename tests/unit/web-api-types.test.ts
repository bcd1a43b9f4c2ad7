/**
 * The web client's calls are typed from the route table: a path, a parameter, a body or a query that the table
 * does not declare does not compile. `npm run typecheck` checks the `@ts-expect-error` lines (each must be an
 * error); the calls themselves never run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ArticleDetail, ArticleRow } from '../../shared/schemas/article-record';
import type { CategoryNode, CategoryRecord } from '../../shared/schemas/category';
import type { ListPage } from '../../shared/schemas/common';
import type { UserDetail, UserOption } from '../../shared/schemas/user';
import { api } from '../../web/src/api/client';
import { apiKey, useApi } from '../../web/src/api/use-api';

/** Type-checks `call` without running it. */
const typed = (_call: () => unknown) => undefined;

describe('the typed web client', () => {
  it('reads each route’s method, path, parameters, body and result from the route table', () => {
    typed(() => {
      expectTypeOf(api('GET /category/')).resolves.toEqualTypeOf<CategoryNode[]>();
      expectTypeOf(api('POST /category/create', { body: { name: 'News' } })).resolves.toEqualTypeOf<CategoryRecord>();
      expectTypeOf(
        api('PATCH /cms/{id}', { params: { id: 'x' }, body: { version: 1, action: 'publish' } }),
      ).resolves.toEqualTypeOf<ArticleDetail>();
      expectTypeOf(api('POST /user/bulkUpload/', { body: new FormData() })).toBeObject();
      expectTypeOf(api('GET /cms', { query: { page: 2, status: 'Draft' } })).resolves.toEqualTypeOf<
        ListPage<ArticleRow>
      >();
      // A result that is a union (GET /user's pickers) narrows only to one of its members.
      expectTypeOf(apiKey<'GET /user', ListPage<UserOption>>('GET /user', { query: { all: 'true' } })).toBeString();
      expectTypeOf(useApi(apiKey('GET /user/{id}', { params: { id: 'x' } })).data).toEqualTypeOf<
        UserDetail | undefined
      >();
    });
  });

  it('refuses what the route table does not declare', () => {
    typed(() => {
      // @ts-expect-error no such route
      void api('GET /category/nope');
      // @ts-expect-error the method is part of the route: the tree is read, never posted
      void api('POST /category/');
      // @ts-expect-error the path has {id}: params are required
      void api('PATCH /category/{id}', { body: { name: 'News', version: 1 } });
      // @ts-expect-error a parameter the path does not name
      void api('PATCH /category/{id}', { params: { id: 'x', slug: 'y' }, body: { name: 'News', version: 1 } });
      // @ts-expect-error a path without {…} takes no params
      void api('GET /dashboard', { params: { id: 'x' } });
      // @ts-expect-error the body is required
      void api('POST /category/create');
      // @ts-expect-error a field the body does not have
      void api('POST /category/create', { body: { name: 'News', colour: 'red' } });
      // @ts-expect-error a field of the wrong type
      void api('POST /client', { body: { name: 42 } });
      // @ts-expect-error a route without a body takes none
      void api('POST /auth/logout', { body: { everywhere: true } });
      // @ts-expect-error only file routes take FormData
      void api('POST /client', { body: new FormData() });
      // @ts-expect-error a query parameter the route does not read
      void api('GET /cms', { query: { colour: 'red' } });
      // @ts-expect-error a route without a query schema takes no query
      void api('GET /dashboard', { query: { page: 1 } });
      // @ts-expect-error the result cannot be narrowed to something the route never answers
      void apiKey<'GET /user', ListPage<{ title: string }>>('GET /user');
      // @ts-expect-error SWR keys are for GETs only
      void apiKey('POST /client');
    });
  });

  it('never imports the route table at run time: its schemas stay out of the bundle', () => {
    const web = path.resolve(import.meta.dirname, '../../web/src');
    const files = fs.readdirSync(web, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const valueImports = files.flatMap((file) => {
      const source = fs.readFileSync(path.join(web, file), 'utf8');
      const imports = source.match(/^import (?!type )[^;]*from '[./]*shared\/(api|routes\/[\w-]+)';$/gm) ?? [];
      return imports.map((line) => `${file}: ${line}`);
    });
    expect(valueImports).toEqual([]);
  });
});
