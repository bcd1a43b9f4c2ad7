/**
 * The API route table: every call of SPEC §7, once. The CDK stack, the local gateway, each Lambda's router
 * and the web API client are all built from this list.
 */
import type { Action, Resource } from './permissions';

/** Each Lambda serves the routes of one resource; its code lives in functions/<lambda>/handler.ts. */
export const LAMBDAS = [
  'auth',
  'user',
  /** Bulk user import gets its own Lambda: its file parsers would slow every other user route's cold start. */
  'user-import',
  'role',
  'category',
  'menu',
  'cms',
  /** PDF import (pdf.js) gets its own Lambda for the same reason. */
  'cms-import',
  'epaper',
  'advertisement',
  'client',
  'breaking-news',
  'layout',
  /** The dashboard's figures across articles, ads and e-paper (not in SPEC §7; SPEC leaves the dashboard open). */
  'dashboard',
  'site-management',
  'asset',
  /** The audit trail of staff actions (super admins). */
  'audit',
] as const;
export type LambdaName = (typeof LAMBDAS)[number];

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
  | { kind: 'anyOf'; grants: readonly Grant[] };

export interface ApiRoute {
  method: HttpMethod;
  /** The path as SPEC §7 spells it (a trailing slash included); see routePath() for the matched form. */
  path: string;
  lambda: LambdaName;
  access: RouteAccess;
  summary: string;
  /**
   * Open to a signed-in user who must still set up two-factor sign-in (a role requires it): the routes that
   * let them enrol or leave. Every other route answers 403 until they have.
   */
  beforeTwoFactor?: boolean;
}

const PUBLIC: RouteAccess = { kind: 'public' };
const SIGNED_IN: RouteAccess = { kind: 'signedIn' };
const SUPER_ADMIN: RouteAccess = { kind: 'superAdmin' };
const need = (resource: Resource, ...actions: Action[]): RouteAccess => ({ kind: 'permission', resource, actions });
const anyOf = (...grants: Grant[]): RouteAccess => ({ kind: 'anyOf', grants });

export const ROUTES = [
  // Auth and users
  {
    method: 'POST',
    path: '/auth/login',
    lambda: 'auth',
    access: PUBLIC,
    summary: 'Sign in with email and password: a session, or a two-factor challenge',
  },
  {
    method: 'POST',
    path: '/auth/login/two-factor',
    lambda: 'auth',
    access: PUBLIC,
    summary: 'Second step of sign-in: the challenge with an authenticator or recovery code',
  },
  {
    method: 'POST',
    path: '/auth/refresh',
    lambda: 'auth',
    access: PUBLIC,
    summary: 'A new access token for the session in the refresh cookie, while it is alive',
  },
  {
    method: 'POST',
    path: '/auth/logout',
    lambda: 'auth',
    access: SIGNED_IN,
    beforeTwoFactor: true,
    summary: 'End this session',
  },
  { method: 'GET', path: '/auth/sessions', lambda: 'auth', access: SIGNED_IN, summary: 'My sessions' },
  {
    method: 'DELETE',
    path: '/auth/sessions/{id}',
    lambda: 'auth',
    access: SIGNED_IN,
    summary: 'End one of my sessions',
  },
  {
    method: 'POST',
    path: '/auth/sessions/end-others',
    lambda: 'auth',
    access: SIGNED_IN,
    summary: 'Sign out everywhere else',
  },
  {
    method: 'POST',
    path: '/auth/two-factor/setup',
    lambda: 'auth',
    access: SIGNED_IN,
    beforeTwoFactor: true,
    summary: 'Start two-factor enrolment: a new secret and its otpauth URI',
  },
  {
    method: 'POST',
    path: '/auth/two-factor/enable',
    lambda: 'auth',
    access: SIGNED_IN,
    beforeTwoFactor: true,
    summary: 'Confirm enrolment with a code; returns ten recovery codes once',
  },
  {
    method: 'POST',
    path: '/auth/two-factor/recovery-codes',
    lambda: 'auth',
    access: SIGNED_IN,
    summary: 'Ten new recovery codes (the old ones stop working); needs the password',
  },
  {
    method: 'POST',
    path: '/auth/two-factor/disable',
    lambda: 'auth',
    access: SIGNED_IN,
    summary: 'Turn off my second factor (needs the password; refused while a role requires it)',
  },
  {
    method: 'GET',
    path: '/user/me',
    lambda: 'user',
    access: SIGNED_IN,
    beforeTwoFactor: true,
    summary: 'The signed-in user with permissions',
  },
  {
    method: 'PATCH',
    path: '/user',
    lambda: 'user',
    access: SIGNED_IN,
    summary: 'Own profile or password; another user (needs Edit on User, checked by the service)',
  },
  {
    method: 'GET',
    path: '/user',
    lambda: 'user',
    access: anyOf(
      { resource: 'User', actions: ['Read', 'Edit'] },
      { resource: 'Cms', actions: ['Write', 'Edit', 'EditOwn'] },
    ),
    summary: 'List users (needs Edit on User); ?all=true: every user’s _id and name (and email for readers of users)',
  },
  { method: 'GET', path: '/user/{id}', lambda: 'user', access: need('User', 'Edit'), summary: 'One user' },
  {
    method: 'DELETE',
    path: '/user/{id}/sessions',
    lambda: 'user',
    access: need('User', 'Edit'),
    summary: 'End every session of a user',
  },
  {
    method: 'DELETE',
    path: '/user/{id}/two-factor',
    lambda: 'user',
    access: need('User', 'Edit'),
    summary: "Reset a user's second factor (they enrol again if a role requires it)",
  },
  { method: 'POST', path: '/user', lambda: 'user', access: need('User', 'Write'), summary: 'Create a user' },
  {
    method: 'POST',
    path: '/user/bulkUpload/',
    lambda: 'user-import',
    access: need('User', 'Write'),
    summary: 'Create users from a csv, xlsx or docx file',
  },

  // Clients and advertisements
  {
    method: 'GET',
    path: '/client',
    lambda: 'client',
    // The ad form picks its client from this list.
    access: anyOf({ resource: 'Client', actions: ['Read'] }, { resource: 'Advertisement', actions: ['Write', 'Edit'] }),
    summary: 'List clients (page; all=true for pickers)',
  },
  {
    method: 'GET',
    path: '/client/{id}',
    lambda: 'client',
    access: need('Client', 'Read', 'Edit', 'EditOwn'),
    summary: 'One client',
  },
  { method: 'POST', path: '/client', lambda: 'client', access: need('Client', 'Write'), summary: 'Create a client' },
  {
    method: 'PATCH',
    path: '/client/{id}',
    lambda: 'client',
    access: need('Client', 'Edit', 'EditOwn'),
    summary: 'Update a client',
  },
  {
    method: 'GET',
    path: '/advertisement',
    lambda: 'advertisement',
    access: need('Advertisement', 'Read'),
    summary: 'List advertisements (search, categories, date)',
  },
  {
    method: 'GET',
    path: '/advertisement/{id}',
    lambda: 'advertisement',
    access: need('Advertisement', 'Read', 'Edit'),
    summary: 'One advertisement',
  },
  {
    method: 'POST',
    path: '/advertisement',
    lambda: 'advertisement',
    access: need('Advertisement', 'Write'),
    summary: 'Create an advertisement',
  },
  {
    method: 'PATCH',
    path: '/advertisement/{id}',
    lambda: 'advertisement',
    access: need('Advertisement', 'Edit'),
    summary: 'Update an advertisement',
  },

  // Categories
  { method: 'GET', path: '/category/', lambda: 'category', access: need('Category', 'Read'), summary: 'Category tree' },
  {
    method: 'GET',
    path: '/category/list',
    lambda: 'category',
    access: SIGNED_IN,
    summary: 'Flat category list for pickers (articles and ads need it)',
  },
  {
    method: 'POST',
    path: '/category/create',
    lambda: 'category',
    access: need('Category', 'Write'),
    summary: 'Create a category',
  },
  {
    method: 'PATCH',
    path: '/category/{id}',
    lambda: 'category',
    access: need('Category', 'Edit'),
    summary: 'Update a category',
  },

  // Roles
  {
    method: 'GET',
    path: '/role',
    lambda: 'role',
    access: anyOf({ resource: 'Role', actions: ['Read'] }, { resource: 'User', actions: ['Write', 'Edit'] }),
    summary: 'List roles (status, page, all); the user forms read the enabled ones',
  },
  { method: 'GET', path: '/role/{id}', lambda: 'role', access: need('Role', 'Read', 'Edit'), summary: 'One role' },
  { method: 'POST', path: '/role/create', lambda: 'role', access: need('Role', 'Write'), summary: 'Create a role' },
  { method: 'PATCH', path: '/role/{id}', lambda: 'role', access: need('Role', 'Edit'), summary: 'Update a role' },

  // E-paper
  {
    method: 'GET',
    path: '/epaper',
    lambda: 'epaper',
    access: need('Epaper', 'Read'),
    summary: 'List e-paper editions',
  },
  {
    method: 'GET',
    path: '/epaper/detail/{id}',
    lambda: 'epaper',
    access: need('Epaper', 'Read', 'Edit', 'EditOwn'),
    summary: 'One e-paper edition',
  },
  {
    method: 'POST',
    path: '/epaper/create',
    lambda: 'epaper',
    access: need('Epaper', 'Write'),
    summary: 'Create an e-paper edition',
  },
  {
    method: 'PATCH',
    path: '/epaper/{id}',
    lambda: 'epaper',
    access: need('Epaper', 'Edit', 'EditOwn'),
    summary: 'Update or publish/un-publish an edition',
  },

  // Articles
  { method: 'GET', path: '/cms', lambda: 'cms', access: need('Cms', 'Read'), summary: 'List articles with filters' },
  {
    method: 'GET',
    path: '/cms/detail/{id}',
    lambda: 'cms',
    access: need('Cms', 'Read', 'Edit', 'EditOwn'),
    summary: 'One article',
  },
  { method: 'POST', path: '/cms/create', lambda: 'cms', access: need('Cms', 'Write'), summary: 'Create an article' },
  {
    method: 'PATCH',
    path: '/cms/{id}',
    lambda: 'cms',
    access: need('Cms', 'Edit', 'EditOwn'),
    summary: 'Update an article or change its status',
  },
  {
    method: 'GET',
    path: '/cms/history/{id}',
    lambda: 'cms',
    access: need('Cms', 'Read', 'Edit', 'EditOwn'),
    summary: "An article's history: who changed what, when, and its status moves",
  },
  {
    method: 'GET',
    path: '/cms/notification',
    lambda: 'cms',
    access: SIGNED_IN,
    summary: 'Count of articles waiting in Need Review',
  },
  {
    method: 'POST',
    path: '/cms/getHtml/',
    lambda: 'cms-import',
    access: need('Cms', 'Write', 'Edit', 'EditOwn'),
    summary: 'Text of an uploaded PDF, for the article import',
  },

  // Menus
  { method: 'GET', path: '/menu', lambda: 'menu', access: need('Menu', 'Read'), summary: 'List menus' },
  { method: 'GET', path: '/menu/{id}', lambda: 'menu', access: need('Menu', 'Read', 'Edit'), summary: 'One menu' },
  { method: 'POST', path: '/menu/create', lambda: 'menu', access: need('Menu', 'Write'), summary: 'Create a menu' },
  { method: 'PATCH', path: '/menu/{id}', lambda: 'menu', access: need('Menu', 'Edit'), summary: 'Update a menu' },

  // Home layout: every signed-in user reads it (SPEC §6); writing needs Edit on Layout
  { method: 'GET', path: '/layout/home', lambda: 'layout', access: SIGNED_IN, summary: 'The home-page layout' },
  {
    method: 'PATCH',
    path: '/layout/{id}',
    lambda: 'layout',
    access: need('Layout', 'Edit'),
    summary: 'Replace the home-page layout',
  },

  // Dashboard: any signed-in user; each block is filled only for those who may read that resource
  { method: 'GET', path: '/dashboard', lambda: 'dashboard', access: SIGNED_IN, summary: 'The dashboard at a glance' },

  // Breaking news
  {
    method: 'GET',
    path: '/breaking-news',
    lambda: 'breaking-news',
    access: need('BreakingNews', 'Read'),
    summary: 'List breaking news',
  },
  {
    method: 'POST',
    path: '/breaking-news',
    lambda: 'breaking-news',
    access: need('BreakingNews', 'Write'),
    summary: 'Add breaking news',
  },
  {
    method: 'PATCH',
    path: '/breaking-news/{id}',
    lambda: 'breaking-news',
    access: need('BreakingNews', 'Edit'),
    summary: 'Update breaking news or toggle its status',
  },

  // Site: every signed-in user reads it (SPEC §6); writing needs Edit on Site
  {
    method: 'GET',
    path: '/site-management',
    lambda: 'site-management',
    access: SIGNED_IN,
    summary: 'The site record',
  },
  {
    method: 'GET',
    path: '/site-management/siteDetail',
    lambda: 'site-management',
    access: PUBLIC,
    summary: 'Public branding: _id, site name, logo and favicon urls, SEO title',
  },
  {
    method: 'POST',
    path: '/site-management',
    lambda: 'site-management',
    access: need('Site', 'Edit'),
    summary: 'Create the site record',
  },
  {
    method: 'PATCH',
    path: '/site-management/{id}',
    lambda: 'site-management',
    access: need('Site', 'Edit'),
    summary: 'Update the site record',
  },

  // Assets (uploads go straight to S3; see DESIGN "Uploads")
  {
    method: 'GET',
    path: '/asset/{id}',
    lambda: 'asset',
    access: SIGNED_IN,
    summary: 'One asset (its uploader, or Read on Asset; records carry the details of the files they use)',
  },
  {
    method: 'POST',
    path: '/asset/upload',
    lambda: 'asset',
    access: SIGNED_IN,
    summary: 'Start an upload: presigned PUT or multipart',
  },
  {
    method: 'POST',
    path: '/asset/{id}/parts',
    lambda: 'asset',
    access: SIGNED_IN,
    summary: 'Presigned URLs for multipart parts',
  },
  {
    method: 'POST',
    path: '/asset/{id}/complete',
    lambda: 'asset',
    access: SIGNED_IN,
    summary: 'Finish and verify an upload',
  },
  {
    method: 'DELETE',
    path: '/asset/{id}/upload',
    lambda: 'asset',
    access: SIGNED_IN,
    summary: 'Abort an upload',
  },

  // Audit trail of staff actions
  {
    method: 'GET',
    path: '/audit',
    lambda: 'audit',
    access: SUPER_ADMIN,
    summary: 'Audit entries, newest first (user, action, day; cursor paging)',
  },
] as const satisfies readonly ApiRoute[];

export type RouteId = `${(typeof ROUTES)[number]['method']} ${(typeof ROUTES)[number]['path']}`;

/** `GET /user/me` — the key handlers use to name a route. */
export function routeId(route: Pick<ApiRoute, 'method' | 'path'>): RouteId {
  return `${route.method} ${route.path}` as RouteId;
}

/** The path as matched (no trailing slash): API Gateway route keys and the routers use this form. */
export function routePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function routesOf(lambda: LambdaName): ApiRoute[] {
  return (ROUTES as readonly ApiRoute[]).filter((r) => r.lambda === lambda);
}

/** The route a method and path resolve to, with its path parameters; static paths win over `{param}` ones. */
export function matchRoute(
  method: string,
  path: string,
): { route: ApiRoute; params: Record<string, string> } | undefined {
  const wanted = routePath(path);
  const candidates = (ROUTES as readonly ApiRoute[]).filter((r) => r.method === method);
  const exact = candidates.find((r) => routePath(r.path) === wanted);
  if (exact) return { route: exact, params: {} };
  const given = wanted.split('/');
  for (const route of candidates) {
    const parts = routePath(route.path).split('/');
    if (parts.length !== given.length) continue;
    const params: Record<string, string> = {};
    const ok = parts.every((part, i) => {
      const value = given[i] ?? '';
      if (part.startsWith('{') && part.endsWith('}')) {
        if (value === '') return false;
        try {
          params[part.slice(1, -1)] = decodeURIComponent(value);
        } catch {
          return false;
        }
        return true;
      }
      return part === value;
    });
    if (ok) return { route, params };
  }
  return undefined;
}

/** Methods allowed on a path, for telling 405 from 404. */
export function methodsFor(path: string): HttpMethod[] {
  const methods = new Set<HttpMethod>();
  for (const m of ['GET', 'POST', 'PATCH', 'DELETE'] as const) if (matchRoute(m, path)) methods.add(m);
  return [...methods];
}

/** The base path under which the web app and CloudFront reach the API. */
export const API_BASE = '/api';
/** Where uploaded media is served from (CloudFront in AWS, the local gateway on a laptop). */
export const MEDIA_BASE = '/media';

/**
 * Headers CloudFront adds to every API request: the origin secret (a request without it did not come through
 * CloudFront and is refused) and the viewer's address (trusted only together with the secret).
 */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
