import { describe, expect, it } from 'vitest';
import { openApiDocument, statusesOf } from '../../functions/docs/openapi';
import { ROUTES, routeId } from '../../shared/api';
import { isSchema } from '../../shared/routes/kit';
import * as z from '../../shared/schemas/z';
import { WORKFLOW_ACTIONS } from '../../shared/workflow';

type Json = Record<string, unknown>;
const doc = openApiDocument() as {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Json>>;
  components: { securitySchemes: Json; responses: Record<string, Json>; schemas: Json };
};
const operationOf = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()] as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 in shape: info, paths of operations with unique ids and responses, resolvable refs', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      for (const [method, op] of Object.entries(item)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        const id = op.operationId as string;
        expect(ids.has(id), id).toBe(false);
        ids.add(id);
        expect(Object.keys(op.responses as Json).length, id).toBeGreaterThan(0);
        for (const key of Object.keys(op.responses as Json)) expect(key, id).toMatch(/^([1-5]XX|[1-5]\d\d|default)$/);
      }
    }
    // Every $ref points at something the document holds.
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const [, ...parts] = (JSON.parse(`{${ref}}`) as { $ref: string }).$ref.split('/');
      let at: unknown = doc;
      for (const part of parts) at = (at as Json)?.[part];
      expect(at, ref).toBeDefined();
    }
  });

  it('has every route of the table with its method, path, summary and a parameter for every {param}', () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(ROUTES.length);
    for (const route of ROUTES) {
      const op = operationOf(route.method, route.path);
      expect(op, routeId(route)).toBeDefined();
      expect(op.summary).toBe(route.summary);
      const inPath = ((op.parameters as Json[]) ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const named = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(inPath, routeId(route)).toEqual(named);
      for (const p of (op.parameters as Json[]).filter((p) => p.in === 'path')) expect(p.required).toBe(true);
    }
  });

  it('asks for the bearer token on every route but the public ones and the delivery API’s, which take a content key', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.contentKey).toEqual({ type: 'apiKey', in: 'header', name: 'x-content-key' });
    for (const route of ROUTES) {
      const security = operationOf(route.method, route.path).security;
      const expected = { public: [], contentKey: [{ contentKey: [] }] }[route.access.kind as string] ?? [
        { bearer: [] },
      ];
      expect(security, routeId(route)).toEqual(expected);
    }
  });

  it('documents the error shape and the statuses each access kind can produce', () => {
    const error = JSON.stringify(doc.components.schemas.Error);
    expect(error).toContain('"message"');
    expect(error).toContain('"msg"');
    const statuses = (method: string, path: string) =>
      statusesOf(ROUTES.find((r) => r.method === method && r.path === path) as never);
    // Public, but a browser's cross-site sign-in is a 403, and a body not declared JSON a 415.
    expect(statuses('POST', '/auth/login')).toEqual([400, 403, 413, 415, 429]);
    expect(statuses('POST', '/user/bulkUpload/')).not.toContain(415);
    expect(statuses('GET', '/site-management/siteDetail')).toEqual([]);
    expect(statuses('GET', '/user/me')).toEqual([401]);
    expect(statuses('GET', '/cms/detail/{id}')).toEqual([401, 403, 404]);
    expect(statuses('PATCH', '/cms/{id}')).toEqual([400, 401, 403, 404, 409, 413, 415]);
    expect(statuses('POST', '/cms/{id}/autosave')).toContain(429);
    expect(statuses('GET', '/audit')).toEqual([400, 401, 403]);
    for (const route of ROUTES) {
      const responses = operationOf(route.method, route.path).responses as Json;
      for (const status of statusesOf(route))
        expect(responses[String(status)], `${routeId(route)} ${status}`).toBeDefined();
    }
  });

  it('describes every workflow action of PATCH /cms/{id} and its query, body and file routes', () => {
    const patch = operationOf('PATCH', '/cms/{id}');
    for (const action of WORKFLOW_ACTIONS) expect(patch.description).toContain(`\`${action}\``);
    const list = operationOf('GET', '/cms');
    expect((list.parameters as Json[]).map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'limit', 'status']));
    const upload = operationOf('POST', '/user/bulkUpload/');
    expect(Object.keys((upload.requestBody as { content: Json }).content)).toEqual(['multipart/form-data']);
    const create = operationOf('POST', '/cms/create');
    expect(JSON.stringify(create.requestBody)).toContain('"const":"Gallery"');
  });
});

describe('the route table, as the contract needs it', () => {
  it('declares the body of every route that takes a JSON body (POST and PATCH, but for file uploads)', () => {
    // POSTs that act on the caller or a record named by the path, and take nothing else.
    const NO_BODY = new Set([
      'POST /auth/refresh',
      'POST /auth/logout',
      'POST /auth/sessions/end-others',
      'POST /auth/two-factor/setup',
      'POST /site-management/content-keys/{id}/revoke',
      'POST /cms/{id}/preview-link',
      'POST /site-management/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    ]);
    // A restore from the trash (shared/routes/trash.ts) names its record by the path too.
    const restore = (path: string) => path.endsWith('/trash/{id}/restore');
    const missing = ROUTES.filter(
      (r) =>
        (r.method === 'POST' || r.method === 'PATCH') && !NO_BODY.has(routeId(r)) && !restore(r.path) && !('body' in r),
    ).map(routeId);
    expect(missing).toEqual([]);
    for (const route of ROUTES) {
      const body = 'body' in route ? route.body : undefined;
      if (body && !isSchema(body) && body.kind === 'forms') {
        expect(Object.keys(body.describe).sort(), routeId(route)).toEqual(Object.keys(body.forms).sort());
      }
    }
  });

  it('lets every list open without a query (its query fields are all optional), but what needs its subject', () => {
    // The search needs `q`, an ad decision the slot it fills, a click the token of the ad it follows, a client's
    // report the client.
    const needing = [
      'GET /content/v1/search',
      'GET /content/v1/ads',
      'GET /content/v1/ads/{id}/click',
      'GET /advertisement/report',
    ];
    for (const route of ROUTES) {
      if (!('query' in route)) continue;
      const opens = z.safeParse(route.query, {}).success;
      expect(opens, routeId(route)).toBe(!needing.includes(routeId(route)));
    }
  });

  it('declares what every route answers (`result`)', () => {
    const missing = ROUTES.filter((r) => !('result' in r)).map(routeId);
    expect(missing).toEqual([]);
  });
});
