/**
 * The OpenAPI 3.1 document of the API, generated from the route table (shared/api.ts) and the zod schemas its
 * routes declare (z.toJSONSchema, request side): every route with its path and query parameters, its body, who
 * may call it, and the errors it can answer with.
 */
import { API_BASE, CONTENT_KEY_HEADER } from '../../shared/addresses';
import { type ApiRoute, ROUTES, type RouteId, routeId } from '../../shared/api';
import { isSchema, type RouteAccess, type RouteBodySpec } from '../../shared/routes/kit';
import * as z from '../../shared/schemas/z';
import { API_DESCRIPTION, ERROR_RESPONSES, type ErrorStatus, workflowDescription } from './contract-text';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema, as a client sends it (defaults optional, transforms before they run). */
function jsonSchema(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Errors a route answers with beyond what its access rule, input and path say (see statusesOf). */
const OWN_ERRORS: Partial<Record<RouteId, readonly ErrorStatus[]>> = {
  // Signs in with the refresh cookie: no cookie, or an ended session, is a 401.
  'POST /auth/refresh': [401],
  // Failed attempts are counted per account and address (functions/throttle).
  'POST /auth/login': [429],
  'POST /auth/login/two-factor': [429],
  'POST /auth/two-factor/enable': [429],
  'POST /auth/two-factor/recovery-codes': [429],
  'POST /auth/two-factor/disable': [429],
  'PATCH /user': [429],
  'POST /cms/{id}/autosave': [429],
  // A value that must be unique is taken, or an upload is no longer pending.
  'POST /user': [409],
  'POST /category/create': [409],
  'POST /site-management': [409],
  'POST /asset/{id}/parts': [409],
  'POST /asset/{id}/complete': [409],
};

const ACCESS_ERRORS: Record<RouteAccess['kind'], readonly ErrorStatus[]> = {
  public: [],
  signedIn: [401, 403],
  permission: [401, 403],
  anyOf: [401, 403],
  superAdmin: [401, 403],
  // The delivery API: no or a dead key is 401; the per-key rate limit answers 429.
  contentKey: [401, 429],
};

const bodySchemas = (body: RouteBodySpec | undefined): z.ZodMiniType[] =>
  !body ? [] : isSchema(body) ? [body] : body.kind === 'forms' ? Object.values(body.forms) : [];

const takesVersion = (body: RouteBodySpec | undefined) =>
  bodySchemas(body).some((schema) => 'version' in ((jsonSchema(schema).properties as object | undefined) ?? {}));

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** The error statuses one route can answer with. */
export function statusesOf(route: ApiRoute): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(ACCESS_ERRORS[route.access.kind]);
  // A signed-in route open before two-factor enrolment has no 403 of its own to give.
  if (route.access.kind === 'signedIn' && route.beforeTwoFactor) statuses.delete(403);
  if (route.body || route.query || route.method !== 'GET') statuses.add(400);
  if (pathParams(route.path).length > 0) statuses.add(404);
  if (takesVersion(route.body)) statuses.add(409);
  if (route.body) statuses.add(413);
  if (route.body && (isSchema(route.body) || route.body.kind !== 'file')) statuses.add(415);
  // Sign-in's cookie routes refuse a browser's cross-site request, public as they are.
  if (route.signInCookies) statuses.add(403);
  for (const status of OWN_ERRORS[routeId(route)] ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

function accessText(access: RouteAccess): string {
  // The role screen's spelling of EditOwn.
  const grant = (g: { resource: string; actions: readonly string[] }) =>
    `${g.actions.map((a) => (a === 'EditOwn' ? 'Edit:own' : a)).join(' or ')} on ${g.resource}`;
  switch (access.kind) {
    case 'public':
      return 'Anyone (no token).';
    case 'signedIn':
      return 'Any signed-in user.';
    case 'superAdmin':
      return 'Super admins only.';
    case 'permission':
      return `Needs ${grant(access)} (super admins always pass).`;
    case 'anyOf':
      return `Needs ${access.grants.map(grant).join(', or ')} (super admins always pass).`;
    case 'contentKey':
      return 'A live content API key in the x-content-key header (Site Management → Content API keys); no sign-in.';
  }
}

function requestBody(body: RouteBodySpec | undefined): JsonSchema | undefined {
  if (!body) return undefined;
  if (isSchema(body)) return { required: true, content: { 'application/json': { schema: jsonSchema(body) } } };
  if (body.kind === 'file') {
    const file = {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: `One file: ${body.accept}`,
    };
    const schema = { type: 'object', properties: { [body.field]: file }, required: [body.field] };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  const oneOf = Object.entries(body.forms).map(([form, schema]) => ({
    title: form,
    description: body.describe[form],
    ...jsonSchema(schema),
  }));
  return { required: true, content: { 'application/json': { schema: { oneOf } } } };
}

function description(route: ApiRoute): string {
  const parts = [accessText(route.access)];
  const body = route.body;
  if (body && !isSchema(body) && body.kind === 'forms') {
    parts.push(
      'The body is one of these forms, told apart by the fields it carries before any is checked:',
      Object.entries(body.describe)
        .map(([form, text]) => `- \`${form}\`: ${text}${body.grants?.[form] ? ' Otherwise 403.' : ''}`)
        .join('\n'),
    );
  }
  if (body && !isSchema(body) && body.kind === 'file')
    parts.push(`Send the file as multipart/form-data in \`${body.field}\`.`);
  if (routeId(route) === 'PATCH /cms/{id}') parts.push(workflowDescription());
  return parts.join('\n\n');
}

function parameters(route: ApiRoute): JsonSchema[] {
  const inPath = pathParams(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: name === 'id' ? 'The record id (a ULID).' : undefined,
  }));
  if (!route.query) return inPath;
  const query = jsonSchema(route.query);
  const required = (query.required as string[] | undefined) ?? [];
  const inQuery = Object.entries((query.properties as Record<string, JsonSchema>) ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
  }));
  return [...inPath, ...inQuery];
}

/** `PATCH /cms/{id}` → `patchCmsById`. */
function operationId(route: ApiRoute): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `By${part.slice(1, 2).toUpperCase()}${part.slice(2, -1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .map((word) => word.slice(0, 1).toUpperCase() + word.slice(1));
  return `${route.method.toLowerCase()}${words.join('')}`;
}

const DATA_ANSWER = {
  description: 'Success: the result in `data` (201 for a creation).',
  content: {
    'application/json': { schema: { type: 'object', properties: { data: {} }, required: ['data'] } },
  },
};

/** Routes whose success is a document of a standard format, not `{ data }`. */
const DOCUMENT_ANSWERS: Partial<Record<RouteId, JsonSchema>> = {
  'GET /openapi.json': {
    description: 'This document.',
    content: { 'application/json': { schema: { type: 'object' } } },
  },
};

function securityOf(access: RouteAccess): Record<string, string[]>[] {
  if (access.kind === 'public') return [];
  return access.kind === 'contentKey' ? [{ contentKey: [] }] : [{ bearer: [] }];
}

function operation(route: ApiRoute): JsonSchema {
  const id = routeId(route);
  const responses: Record<string, unknown> = { '2XX': DOCUMENT_ANSWERS[id] ?? DATA_ANSWER };
  for (const status of statusesOf(route)) {
    responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }
  return {
    operationId: operationId(route),
    summary: route.summary,
    description: description(route),
    tags: [route.lambda],
    security: securityOf(route.access),
    parameters: parameters(route),
    requestBody: requestBody(route.body),
    responses,
  };
}

const ERROR_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: {
    message: {
      type: 'object',
      required: ['msg'],
      properties: {
        msg: {
          type: 'string',
          description: '`<Kind>: <text>`: the kind of error and a sentence to show as it is.',
          examples: ['ValidationError: Title is required'],
        },
      },
    },
  },
};

function components(): JsonSchema {
  const responses: Record<string, unknown> = {};
  for (const [status, { name, description: text, example }] of Object.entries(ERROR_RESPONSES)) {
    const header = status === '405' ? 'Allow' : status === '429' ? 'Retry-After' : undefined;
    responses[name] = {
      description: text,
      ...(header ? { headers: { [header]: { schema: { type: 'string' } } } } : {}),
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { message: { msg: example } } },
      },
    };
  }
  return {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      contentKey: { type: 'apiKey', in: 'header', name: CONTENT_KEY_HEADER },
    },
    schemas: { Error: ERROR_SCHEMA },
    responses,
  };
}

/** The whole document; the JSON is dropped of undefined members. */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route);
  }
  return JSON.parse(
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Admin Portal API', version: '1', description: API_DESCRIPTION },
      servers: [{ url: API_BASE }],
      paths,
      components: components(),
    }),
  );
}
