/**
 * What route-matrix.test.ts builds its matrix from: the cells of each access rule, the users behind each actor,
 * a real record for each Lambda's `{id}`, and a snapshot of the whole table for "a denied call changes nothing".
 * Everything is derived from the route table (shared/api.ts), the permission model (shared/permissions.ts) and the
 * removable resources' declaration (shared/trash-resources.ts).
 */
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import jwt from 'jsonwebtoken';
import { db, tableName } from '../../functions/lib/db/client';
import { newId, nowIso } from '../../functions/lib/ids';
import { hashPassword } from '../../functions/lib/passwords';
import { insertSession } from '../../functions/session/model';
import { jwtSecret, signToken } from '../../functions/session/tokens';
import { getSite, siteKey } from '../../functions/site-management/model';
import { getUserById, getUserIdByEmail, replaceUser, type UserRecord } from '../../functions/user/model';
import type { ApiRoute, LambdaName, RouteAccess } from '../../shared/api';
import { AUTH } from '../../shared/constants';
import {
  type Action,
  type ModelPermissions,
  RESOURCE_ACTIONS,
  RESOURCES,
  type Resource,
} from '../../shared/permissions';
import { TRASH_TARGET_TYPES, TRASHABLE_RESOURCES } from '../../shared/trash-resources';
import { createRole, createUser, TRASHABLE_RECORDS } from './factories';
import { admin, call, errorText, login, uploadFile } from './helpers';

// ---------------------------------------------------------------------------------------------------------------
// The cells
// ---------------------------------------------------------------------------------------------------------------

export const ACTORS = [
  'superAdmin',
  'exact',
  'wrong',
  'otherActions',
  'noToken',
  'blocked',
  'expired',
  'loggedOut',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * What a cell expects: the access rule's 401 or 403; `allowed` — past the access rule (neither 401 nor 403,
 * whatever the service then says about the empty body); `public` — the token is ignored (the same status as
 * without one, never 403).
 */
export type Expectation = 401 | 403 | 'allowed' | 'public';

export interface Cell {
  actor: Actor;
  expect: Expectation;
}

/**
 * Who the exact actor is: `signedIn` — a user without any grant; `superAdmin` — a super admin (there is no
 * non-super exact actor); `<Resource>:<Action>` — a user whose one role grants just that.
 */
export type ExactKey = 'signedIn' | 'superAdmin' | `${Resource}:${Action}`;

export interface AccessPlan {
  exact: ExactKey;
  /** The resources the wrong actor lacks (it holds every action on every other resource); [] — lacks none. */
  wrongLacks: Resource[];
  /**
   * What the otherActions actor holds: on the route's own resource(s), every action the route does not list (a
   * role that may read roles may not edit them). Only for permission and anyOf routes, when such actions exist.
   */
  otherActions?: ModelPermissions;
  cells: Cell[];
}

const DENIED_WITHOUT_SESSION: Cell[] = [
  { actor: 'noToken', expect: 401 },
  { actor: 'blocked', expect: 401 },
  { actor: 'expired', expect: 401 },
  { actor: 'loggedOut', expect: 401 },
];

/** The cells of a route, from its access rule alone. */
export function planOf(access: RouteAccess): AccessPlan {
  switch (access.kind) {
    case 'public':
      return {
        exact: 'signedIn',
        wrongLacks: [],
        cells: ACTORS.filter((a) => a !== 'otherActions').map((actor) => ({ actor, expect: 'public' })),
      };
    case 'signedIn':
      // Any signed-in user passes; the wrong actor (every permission, not super admin) passes as well: the
      // route names no resource it could lack.
      return {
        exact: 'signedIn',
        wrongLacks: [],
        cells: [
          { actor: 'superAdmin', expect: 'allowed' },
          { actor: 'exact', expect: 'allowed' },
          { actor: 'wrong', expect: 'allowed' },
          ...DENIED_WITHOUT_SESSION,
        ],
      };
    case 'contentKey':
      // The delivery API takes a content key and nothing else: a staff member's token, even a super admin's, is
      // refused like no token at all (the keys' own cases are in delivery.test.ts).
      return {
        exact: 'signedIn',
        wrongLacks: [],
        cells: ACTORS.filter((a) => a !== 'otherActions').map((actor) => ({ actor, expect: 401 })),
      };
    case 'superAdmin':
      // No exact cell: holding every permission is still not being a super admin (that is the wrong cell).
      return {
        exact: 'superAdmin',
        wrongLacks: [],
        cells: [{ actor: 'superAdmin', expect: 'allowed' }, { actor: 'wrong', expect: 403 }, ...DENIED_WITHOUT_SESSION],
      };
    case 'permission':
    case 'anyOf': {
      const grants = access.kind === 'permission' ? [access] : access.grants;
      const first = grants[0];
      const action = first?.actions[0];
      if (!first || !action) throw new Error(`An access rule without a grant: ${JSON.stringify(access)}`);
      const otherActions: ModelPermissions = {};
      for (const resource of new Set(grants.map((g) => g.resource))) {
        const listed = new Set(grants.filter((g) => g.resource === resource).flatMap((g) => g.actions));
        const rest = RESOURCE_ACTIONS[resource].filter((a) => !listed.has(a));
        if (rest.length > 0) otherActions[resource] = rest;
      }
      const hasOthers = Object.keys(otherActions).length > 0;
      return {
        exact: `${first.resource}:${action}`,
        wrongLacks: [...new Set(grants.map((g) => g.resource))],
        ...(hasOthers ? { otherActions } : {}),
        cells: [
          { actor: 'superAdmin', expect: 'allowed' },
          { actor: 'exact', expect: 'allowed' },
          { actor: 'wrong', expect: 403 },
          ...(hasOthers ? [{ actor: 'otherActions', expect: 403 } as const] : []),
          ...DENIED_WITHOUT_SESSION,
        ],
      };
    }
  }
}

export const exactPermissions = (key: ExactKey): ModelPermissions => {
  if (key === 'signedIn' || key === 'superAdmin') return {};
  const [resource, action] = key.split(':') as [Resource, Action];
  return { [resource]: [action] };
};

export const permissionsKey = (permissions: ModelPermissions) =>
  RESOURCES.filter((r) => permissions[r])
    .map((r) => `${r}:${permissions[r]?.join('+')}`)
    .join(',');

export const wrongKey = (lacks: readonly Resource[]) => (lacks.length === 0 ? 'none' : [...lacks].sort().join(','));

export function wrongPermissions(lacks: readonly Resource[]): ModelPermissions {
  const out: ModelPermissions = {};
  for (const resource of RESOURCES) if (!lacks.includes(resource)) out[resource] = [...RESOURCE_ACTIONS[resource]];
  return out;
}

/**
 * The resource a Lambda's routes guard: a removable resource's as shared/trash-resources.ts declares it, else the
 * Lambda's own name, but for these (null: none).
 */
const LAMBDA_RESOURCE: Partial<Record<LambdaName, Resource | null>> = {
  ...Object.fromEntries(
    TRASH_TARGET_TYPES.map((type) => [TRASHABLE_RESOURCES[type].lambda, TRASHABLE_RESOURCES[type].resource]),
  ),
  'user-import': 'User',
  'article-import': TRASHABLE_RESOURCES.article.resource,
  'site-management': 'Site',
  auth: null,
  dashboard: null,
  audit: null,
};
export const resourceOf = (lambda: LambdaName): Resource | undefined =>
  lambda in LAMBDA_RESOURCE
    ? (LAMBDA_RESOURCE[lambda] ?? undefined)
    : RESOURCES.find((r) => r.toLowerCase() === lambda.replace(/-/g, ''));

/** `/cms/{id}` → `/cms/<id>`: every path parameter is the record id. */
export const concretePath = (route: Pick<ApiRoute, 'path'>, id: string) => route.path.replace(/\{[^}]+\}/g, id);
export const hasParam = (route: Pick<ApiRoute, 'path'>) => /\{[^}]+\}/.test(route.path);

// ---------------------------------------------------------------------------------------------------------------
// Users and tokens
// ---------------------------------------------------------------------------------------------------------------

const PASSWORD = 'Matrix-Pass-1';
let passwordHash: Promise<string> | undefined;

/** A user made through the repo (one bcrypt hash shared by all of them: each hash costs ~0.3 s). */
export async function matrixUser(
  label: string,
  modelPermissions: ModelPermissions,
  extra: Partial<UserRecord> = {},
): Promise<UserRecord> {
  passwordHash ??= hashPassword(PASSWORD);
  const roles = Object.keys(modelPermissions).length > 0 ? [(await createRole(modelPermissions))._id] : [];
  const id = newId();
  return createUser({
    _id: id,
    name: `Matrix ${label}`,
    email: `matrix-${id.toLowerCase()}@example.com`,
    roles,
    passwordHash: await passwordHash,
    ...extra,
  });
}

export const signIn = (user: Pick<UserRecord, 'email'>) => login(user.email, PASSWORD);

export async function freshUser(id: string): Promise<UserRecord> {
  const user = await getUserById(id);
  if (!user) throw new Error(`user ${id} vanished`);
  return user;
}

/**
 * A new live session of `user`, written with the session repo exactly as sign-in writes it, and its token
 * (signed as sign-in signs it). Each permitted cell gets its own: a permitted call may end sessions (sign-out,
 * "end my other sessions"), and no cell may depend on what an earlier permitted call did. Sign-in itself (the
 * password check, throttling) is not what the matrix tests, and a bcrypt per cell would cost minutes.
 */
export async function mintSession(userId: string): Promise<{ token: string; sessionId: string; user: UserRecord }> {
  const user = await freshUser(userId);
  const now = Math.floor(Date.now() / 1000);
  const sessionId = newId();
  await insertSession({
    _id: sessionId,
    userId: user._id,
    tokenVersion: user.tokenVersion,
    createdAt: nowIso(),
    lastSeenAt: nowIso(),
    ip: '127.0.0.1',
    device: 'route matrix',
    refreshHash: 'route-matrix-has-no-refresh-cookie',
    endsAt: now + AUTH.sessionMaxSeconds,
    expiresAt: now + AUTH.sessionIdleSeconds,
  });
  return { token: await signToken(user, sessionId), sessionId, user };
}

/** A token for a live session of the user, right in every claim but one: it expired an hour ago. */
export async function expiredToken(user: UserRecord, sessionId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign(
    { sub: user._id, tv: user.tokenVersion, sid: sessionId, iat: now - 2 * 3600, exp: now - 3600 },
    await jwtSecret(),
    { algorithm: 'HS256', issuer: AUTH.issuer, audience: AUTH.audience },
  );
}

/** Signs the user in through the API, checks the token works, then blocks the user (status Disable, repo). */
export async function blockedToken(user: UserRecord): Promise<string> {
  const token = await signIn(user);
  const me = await call('GET', '/user/me', { token });
  if (me.status !== 200) throw new Error(`fresh token refused: ${me.status} ${errorText(me)}`);
  const stored = await freshUser(user._id);
  // tokenVersion stays as it was: the 401 must come from the status, not from an outdated token.
  await replaceUser(stored, { ...stored, status: 'Disable', updatedAt: nowIso(), version: stored.version + 1 });
  return token;
}

/** Signs the user in through the API, checks the token works, signs out (POST /auth/logout) and returns it. */
export async function loggedOutToken(user: Pick<UserRecord, 'email'>, password = PASSWORD): Promise<string> {
  const token = await login(user.email, password);
  const me = await call('GET', '/user/me', { token });
  if (me.status !== 200) throw new Error(`fresh token refused: ${me.status} ${errorText(me)}`);
  const out = await call('POST', '/auth/logout', { token });
  if (out.status !== 200) throw new Error(`sign-out failed: ${out.status} ${errorText(out)}`);
  return token;
}

export async function adminRecord(): Promise<UserRecord> {
  const id = await getUserIdByEmail(admin.email);
  if (!id) throw new Error('the seeded super admin is missing');
  return freshUser(id);
}

// ---------------------------------------------------------------------------------------------------------------
// Records the routes name
// ---------------------------------------------------------------------------------------------------------------

export interface FixtureContext {
  /** A fresh super admin token (sessions of the admin may be ended by permitted cells: never reuse one). */
  adminToken: () => Promise<string>;
  adminId: string;
  /** The exact actor of signed-in routes: it owns the asset and the session, so own-record rules let it in. */
  ownerId: string;
  /** Cleanup to run after the file (records that other test files expect not to exist). */
  cleanup: Array<() => Promise<void>>;
}

type Factory = (ctx: FixtureContext) => Promise<string>;

async function created(res: Promise<{ status: number; body: { data?: unknown; message?: { msg: string } } }>) {
  const r = await res;
  const id = (r.body.data as { _id?: string } | undefined)?._id;
  if (r.status !== 201 || !id) throw new Error(`fixture not created: ${r.status} ${JSON.stringify(r.body)}`);
  return id;
}

const post = async (ctx: FixtureContext, path: string, body: unknown) =>
  created(call('POST', path, { token: await ctx.adminToken(), body }));

/**
 * One factory per Lambda whose routes take an `{id}`: a real record of that Lambda, made through the API as the
 * super admin (or the repos). The removable resources' come from TRASHABLE_RECORDS (factories.ts) under the
 * Lambda their declaration names. A Lambda missing here gets a random id — its routes are still checked for 401 and 403,
 * which happen before any lookup.
 */
export const FACTORIES: Partial<Record<LambdaName, Factory>> = {
  ...Object.fromEntries(
    TRASH_TARGET_TYPES.map((type): [LambdaName, Factory] => [
      TRASHABLE_RESOURCES[type].lambda,
      async (ctx) => TRASHABLE_RECORDS[type](await ctx.adminToken()),
    ]),
  ),
  // DELETE /auth/sessions/{id}: one of the owner's sessions (ending it is the owner's right, a 404 for others).
  auth: async (ctx) => (await mintSession(ctx.ownerId)).sessionId,
  user: async () => (await matrixUser('Target', {}))._id,
  role: async () => (await createRole({}, { name: `Matrix role ${newId()}` }))._id,
  layout: async (ctx) => {
    const home = await call<{ _id: string }>('GET', '/layout/home', { token: await ctx.adminToken() });
    if (!home.body.data?._id) throw new Error(`no home layout: ${home.status} ${JSON.stringify(home.body)}`);
    return home.body.data._id;
  },
  'site-management': async (ctx) => {
    // The site record is a singleton that site.test.ts expects to create itself: one made here is removed again.
    let site = await getSite();
    if (!site) {
      await post(ctx, '/site-management', {
        siteName: 'The Matrix Planet',
        seo: { title: 'Matrix Planet', description: 'Route matrix', metaTags: [{ content: 'news' }] },
      });
      ctx.cleanup.push(async () => {
        await db().send(new DeleteCommand({ TableName: tableName(), Key: siteKey() }));
      });
      site = await getSite();
    }
    if (!site) throw new Error('no site record');
    return site._id;
  },
  // A verified upload of the owner (GET /asset/{id} and the upload steps admit the uploader or Asset grants).
  asset: async (ctx) => uploadFile((await mintSession(ctx.ownerId)).token, 'cover-image'),
};

// ---------------------------------------------------------------------------------------------------------------
// The table, for "a denied call changes nothing"
// ---------------------------------------------------------------------------------------------------------------

export type Item = Record<string, unknown>;

/**
 * Items a denied call may legitimately add or change, each with why. Checked: with the current services no
 * denied call writes anything at all (the access rule runs before the body is read and before any service
 * code), so these only keep the check from pinning down bookkeeping that is not a stored record.
 */
const VOLATILE: Array<{ why: string; test: (item: Item) => boolean }> = [
  {
    // The staff audit trail (pk AUDIT#<day>) is an append-only log of attempts, not a record a route names;
    // logging a refused call would be a feature. Article history (pk CMS#…, sk AUDIT#…) is a record: kept.
    why: 'audit trail entries',
    test: (item) => String(item.pk).startsWith('AUDIT#'),
  },
  {
    // Sign-in throttling counters (LOGINFAIL#…) expire by TTL and count attempts, not records.
    why: 'sign-in throttle counters',
    test: (item) => String(item.pk).startsWith('LOGINFAIL#'),
  },
  {
    // The published projection (PUB#…) is written by the table stream's consumer, after the records a test set up,
    // while the snapshot may be taken; no route writes it, and a record a denied call changed shows itself anyway.
    why: 'the published projection',
    test: (item) => String(item.pk).startsWith('PUB#'),
  },
  {
    // Where files are used (ASSETUSE#…) is written by the media-uses stream consumer for the same reason.
    why: "files' uses",
    test: (item) => String(item.pk).startsWith('ASSETUSE#'),
  },
];

/** Session items stay (none may appear or vanish), but their use stamps may move if a request ever touches them. */
const SESSION_USE_FIELDS = ['lastSeenAt', 'expiresAt', 'ip'];

function normalized(item: Item): Item {
  if (!String(item.sk).startsWith('SESSION#')) return item;
  const copy = { ...item };
  for (const field of SESSION_USE_FIELDS) delete copy[field];
  return copy;
}

export type Snapshot = Map<string, Item>;

/** Every item of the table (a strongly consistent Scan; tests may Scan), keyed by pk and sk. */
export async function snapshotTable(): Promise<Snapshot> {
  const items = new Map<string, Item>();
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of out.Items ?? []) {
      if (VOLATILE.some((v) => v.test(item))) continue;
      items.set(`${item.pk} | ${item.sk}`, normalized(item));
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The items of the record an id names: those keyed by it (the record, its content, its history) or carrying it. */
export function itemsNaming(snapshot: Snapshot, id: string): Item[] {
  return [...snapshot.values()].filter((item) => item._id === id || String(item.pk).includes(id));
}

/** Keys added, removed or changed between two snapshots (empty when equal). */
export function tableDiff(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [key, item] of before) {
    const now = after.get(key);
    if (!now) out.push(`removed ${key}`);
    else if (JSON.stringify(sorted(now)) !== JSON.stringify(sorted(item))) out.push(`changed ${key}`);
  }
  for (const key of after.keys()) if (!before.has(key)) out.push(`added ${key}`);
  return out;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  // The document client reads DynamoDB sets as Set: compare their members.
  if (value instanceof Set) return [...value].map((v) => JSON.stringify(sorted(v))).sort();
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
