/**
 * What a route of the API table declares, and the shorthands the per-resource route files use. A route's body
 * and query schemas are the one place its input is validated (the router parses them before the route's code
 * runs); its `result` names the type of `data` it answers with, which the typed web client reads.
 */
import type { Action, Resource } from '../permissions';
import type * as z from '../schemas/z';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, any signed-in user (the service may add own-record rules), or a signed-in
 * user holding at least one of `actions` on `resource` (super admins always pass).
 */
export interface Grant {
  resource: Resource;
  actions: readonly Action[];
}

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  /** Super admins only (the audit trail). */
  | { kind: 'superAdmin' }
  | ({ kind: 'permission' } & Grant)
  /** Any one of several grants, for data other screens need too (the role picker of the user forms). */
  | { kind: 'anyOf'; grants: readonly Grant[] }
  /**
   * The delivery API: a live content API key in the `x-content-key` header, never a user's sign-in (the reader's
   * site calls it, through the CDN).
   */
  | { kind: 'contentKey' };

/** The type of a route's `data` on success: a marker for the compiler, carrying no value at run time. */
export interface Returns<T> {
  readonly __returns?: T;
}

export const returns = <T>(): Returns<T> => ({}) as Returns<T>;

type Schemas = Record<string, z.ZodMiniType>;

/**
 * One route taking several forms of body (PATCH /user: one's profile, one's password, another user's edit …),
 * told apart by the body's shape (and who sends it) before any form is checked, so a form that needs a grant
 * is refused with 403 before its fields are looked at. The route's code receives `{ form, input }`.
 */
export interface BodyForms<F extends Schemas = Schemas> {
  kind: 'forms';
  forms: F;
  /** Which form a body is; `callerId` ('' on a public route) tells one's own record from another's. */
  formOf: (body: unknown, callerId: string) => keyof F & string;
  /** Grants a form needs on top of the route's access. */
  grants?: { [K in keyof F]?: Grant };
  /** What each form is for, for the API document. */
  describe: { [K in keyof F]: string };
}

export const bodyForms = <F extends Schemas>(spec: Omit<BodyForms<F>, 'kind'>): BodyForms<F> => ({
  kind: 'forms',
  ...spec,
});

/** A file sent as multipart/form-data in `field`: the route's code reads the raw bytes. */
export interface FileUpload {
  kind: 'file';
  field: string;
  /** The file types taken, as the picker lists them (`.csv,.xlsx`). */
  accept: string;
}

export const fileUpload = (field: string, accept: string): FileUpload => ({ kind: 'file', field, accept });

/** A JSON body's schema, a body of several forms, or a file upload. */
export type RouteBodySpec = z.ZodMiniType | BodyForms | FileUpload;

/** Whether a route's body is one JSON schema (not forms, not a file). */
export const isSchema = (body: RouteBodySpec): body is z.ZodMiniType => '_zod' in body;

/** The parsed body of a route's body spec: the schema's output, `{ form, input }` for forms, nothing for a file. */
export type BodyOutput<B> =
  B extends BodyForms<infer F>
    ? { [K in keyof F & string]: { form: K; input: z.output<F[K]> } }[keyof F & string]
    : B extends z.ZodMiniType
      ? z.output<B>
      : undefined;

/** What a client sends for a route's body spec. */
export type BodyInput<B> =
  B extends BodyForms<infer F> ? z.input<F[keyof F]> : B extends z.ZodMiniType ? z.input<B> : FormData;

export interface ApiRoute {
  method: HttpMethod;
  /** The path as CONTRACT.md §7 spells it (a trailing slash included); see routePath() for the matched form. */
  path: string;
  /** The Lambda serving it: its code lives in functions/<lambda>/handler.ts. */
  lambda: string;
  access: RouteAccess;
  summary: string;
  /**
   * Open to a signed-in user who must still set up two-factor sign-in (a role requires it): the routes that
   * let them enrol or leave. Every other route answers 403 until they have.
   */
  beforeTwoFactor?: boolean;
  /**
   * Reads or sets the sign-in cookies (refresh, device). A browser's request that another site's page made is
   * refused with 403 before anything else runs: a form elsewhere could otherwise sign the browser into another
   * account (login CSRF). Routes of the bearer token need no such check: no page of another site can send it.
   */
  signInCookies?: boolean;
  /**
   * Its JSON body may come as text/plain too: a reader's browser reports an ad shown with navigator.sendBeacon,
   * which cannot send application/json without a CORS preflight. Only for a route that needs no sign-in and no
   * cookie, whose body carries its own credential (a signed token): a page of another site can post it anyway.
   */
  plainTextJson?: boolean;
  /**
   * Open to any signed-in user, the record deciding who may act on it (its owner, or a grant): the body is read
   * only when the route's code asks for it (`RouteRequest.readBody`), after that check, so a caller the record
   * refuses gets its 403 or 404, never a 400 about a body they were not allowed to send.
   */
  checksRecordFirst?: boolean;
  /**
   * The body: a JSON schema (a body it refuses gets a 400 with the schema's message, and nothing runs), several
   * forms (bodyForms), or a file (fileUpload).
   */
  body?: RouteBodySpec;
  /** The query string's schema, parsed the same way. */
  query?: z.ZodMiniType;
  /** What `data` holds on success. */
  result?: Returns<unknown>;
}

export const PUBLIC: RouteAccess = { kind: 'public' };
export const SIGNED_IN: RouteAccess = { kind: 'signedIn' };
export const SUPER_ADMIN: RouteAccess = { kind: 'superAdmin' };
export const CONTENT_KEY_ACCESS: RouteAccess = { kind: 'contentKey' };
export const need = (resource: Resource, ...actions: Action[]): RouteAccess => ({
  kind: 'permission',
  resource,
  actions,
});
export const anyOf = (...grants: Grant[]): RouteAccess => ({ kind: 'anyOf', grants });

/** What a route may declare besides its method, path, Lambda, access and summary. */
export type RouteExtras = Pick<
  ApiRoute,
  'beforeTwoFactor' | 'signInCookies' | 'plainTextJson' | 'checksRecordFirst' | 'body' | 'query' | 'result'
>;

type RouteEntry<M extends HttpMethod, P extends string, L extends string, X> = {
  method: M;
  path: P;
  lambda: L;
  access: RouteAccess;
  summary: string;
} & X;

/**
 * The routes of one Lambda, one call each, keeping the literal method, path and schema types the typed client and
 * the routers read: `menu.patch('/menu/{id}', need('Menu', 'Edit'), 'Update a menu', { body, result })`.
 */
export function lambdaRoutes<const L extends string>(lambda: L) {
  const withMethod =
    <const M extends HttpMethod>(method: M) =>
    <const P extends string, const X extends RouteExtras = Record<never, never>>(
      path: P,
      access: RouteAccess,
      summary: string,
      extras?: X,
    ): RouteEntry<M, P, L, X> =>
      ({ method, path, lambda, access, summary, ...extras }) as RouteEntry<M, P, L, X>;
  return { get: withMethod('GET'), post: withMethod('POST'), patch: withMethod('PATCH'), delete: withMethod('DELETE') };
}

/**
 * The routes of a Lambda that keeps one resource's records, with the calls most such resources have, each
 * needing what it needs on that resource by one rule: a list needs Read; one record, Read or any action that
 * edits; create, Write; update, the actions that edit (`edit`: Edit, or Edit and EditOwn where an author may edit
 * their own). `can` holds those access rules for its other calls. Paths stay literal, as the typed client reads them.
 */
export function recordRoutes<const L extends string>(
  lambda: L,
  resource: Resource,
  edit: readonly Action[] = ['Edit'],
) {
  const routes = lambdaRoutes(lambda);
  const can = {
    read: need(resource, 'Read'),
    open: need(resource, 'Read', ...edit),
    write: need(resource, 'Write'),
    edit: need(resource, ...edit),
  };
  const withBody =
    <const M extends HttpMethod>(method: M, access: RouteAccess) =>
    <const P extends string, const B extends RouteBodySpec, T>(path: P, summary: string, body: B, result: Returns<T>) =>
      ({ method, path, lambda, access, summary, body, result }) as RouteEntry<M, P, L, { body: B; result: Returns<T> }>;
  return {
    ...routes,
    can,
    list: <const P extends string, const Q extends z.ZodMiniType, T>(
      path: P,
      summary: string,
      query: Q,
      result: Returns<T>,
    ) => routes.get(path, can.read, summary, { query, result }),
    one: <const P extends string, T>(path: P, summary: string, result: Returns<T>) =>
      routes.get(path, can.open, summary, { result }),
    create: withBody('POST', can.write),
    update: withBody('PATCH', can.edit),
  };
}
