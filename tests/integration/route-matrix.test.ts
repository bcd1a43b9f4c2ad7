/**
 * The authorization matrix over every route of shared/api.ts, generated from the route table (a route added
 * later is covered without editing this file): each route × {super admin, exact permission, wrong permission,
 * no token, blocked user, expired token, logged-out session}, each its own test. The access rule (and the
 * two-factor gate) is decided before the body is read, so every call sends an empty body: a denied caller gets
 * the access rule's 401/403, a permitted one whatever the service says about `{}` (a 400, mostly), which also
 * keeps permitted calls from changing the records later cells need. Before the denied calls of a route that
 * writes, or that names a record, the whole table is snapshotted; after them it must be exactly as it was.
 *
 * Expectations by access rule:
 *   public      — the token is ignored: every actor gets the status a caller without one gets, never 403 (nor
 *                 401, but for the routes in PUBLIC_OWN_401).
 *   signedIn    — super admin, exact (a user without any grant) and wrong (every permission; the route names no
 *                 resource to lack) pass; no token, blocked, expired and logged-out get 401.
 *   superAdmin  — the super admin passes; wrong (every permission, not super admin) gets 403; no exact cell.
 *   permission,
 *   anyOf       — super admin and exact (one role granting just the first listed action of the first grant)
 *                 pass; wrong (every action on every other resource) gets 403, and so does otherActions (every
 *                 action of the route's own resource that the route does not list), beyond the seven actors of
 *                 the issue; the rest 401.
 *
 * Tokens: blocked and logged-out actors really sign in through POST /auth/login once (then are blocked in the
 * repo, or sign out with POST /auth/logout). Every other token is minted per cell on a new session written with
 * the session repo and signed with signToken, exactly as sign-in does: permitted calls may end sessions (sign-out,
 * "end my other sessions", "end a user's sessions"), and a bcrypt per cell would cost minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../functions/lib/ids';
import { type LambdaName, ROUTES, type Route, type RouteId, routeId } from '../../shared/api';
import { PERMISSION_DENIED_MESSAGE, type Resource } from '../../shared/permissions';
import { type ApiResult, admin, call, errorText } from './helpers';
import {
  ACTORS,
  type AccessPlan,
  type Actor,
  adminRecord,
  blockedToken,
  type Cell,
  concretePath,
  type ExactKey,
  type Expectation,
  exactPermissions,
  expiredToken,
  FACTORIES,
  type FixtureContext,
  freshUser,
  hasParam,
  itemsNaming,
  loggedOutToken,
  matrixUser,
  mintSession,
  permissionsKey,
  planOf,
  resourceOf,
  type Snapshot,
  snapshotTable,
  tableDiff,
  wrongKey,
  wrongPermissions,
} from './route-matrix-fixtures';

/**
 * Public routes that answer 401 by their own rule whoever calls, not by the access rule (the same status with
 * and without a token is still required of them).
 */
const PUBLIC_OWN_401: Partial<Record<RouteId, string>> = {
  'POST /auth/refresh': 'it signs in with the refresh cookie, which no actor sends (only a bearer token)',
};

/**
 * The cells follow the route table, so they prove the API enforces the table, not that the table is right: a
 * route loosened in shared/api.ts would simply get looser cells. This is the table's independent check. Routes
 * open to anyone or to any signed-in user are a deliberate, short list (a route opened later fails here until it
 * is added, with its reason); every other route needs a grant or a super admin. A route added with a grant
 * needs no edit here.
 */
const OPEN_ROUTES: Partial<Record<RouteId, { access: 'public' | 'signedIn'; why: string }>> = {
  'POST /auth/login': { access: 'public', why: 'signing in' },
  'POST /auth/login/two-factor': { access: 'public', why: 'second step of signing in' },
  'POST /auth/refresh': { access: 'public', why: 'proves itself with the refresh cookie' },
  'GET /site-management/siteDetail': { access: 'public', why: 'branding of the sign-in page' },
  'GET /openapi.json': { access: 'public', why: 'the API’s contract: routes and rules, no data' },
  'GET /media/r/{purpose}/{file}/{format}/{preset}': {
    access: 'public',
    why: 'renditions of public pictures, asked by the CDN (only through /media/r/, never /api)',
  },
  'POST /content/v1/ads/impression': {
    access: 'public',
    why: 'a reader’s browser; the signed ad token is its credential',
  },
  'GET /content/v1/ads/{id}/click': {
    access: 'public',
    why: 'a reader’s click; the signed ad token is its credential',
  },
  'POST /auth/logout': { access: 'signedIn', why: 'one’s own session' },
  'GET /auth/sessions': { access: 'signedIn', why: 'one’s own sessions' },
  'DELETE /auth/sessions/{id}': { access: 'signedIn', why: 'one’s own sessions (others’ are 404)' },
  'POST /auth/sessions/end-others': { access: 'signedIn', why: 'one’s own sessions' },
  'POST /auth/two-factor/setup': { access: 'signedIn', why: 'one’s own second factor' },
  'POST /auth/two-factor/enable': { access: 'signedIn', why: 'one’s own second factor' },
  'POST /auth/two-factor/recovery-codes': { access: 'signedIn', why: 'one’s own second factor' },
  'POST /auth/two-factor/disable': { access: 'signedIn', why: 'one’s own second factor' },
  'GET /user/me': { access: 'signedIn', why: 'oneself' },
  'PATCH /user': { access: 'signedIn', why: 'own profile; the service asks Edit on User for anyone else' },
  'GET /category/list': { access: 'signedIn', why: 'pickers of the article and ad forms' },
  'GET /cms/notification': { access: 'signedIn', why: 'a count for the header' },
  'GET /layout/home': { access: 'signedIn', why: 'CONTRACT.md §6: everyone reads the layout' },
  'GET /dashboard': { access: 'signedIn', why: 'each block is filled per the reader’s grants' },
  'GET /site-management': { access: 'signedIn', why: 'CONTRACT.md §6: everyone reads the site record' },
  'GET /asset/{id}': { access: 'signedIn', why: 'the uploader, or Read on Asset (service)' },
  'POST /asset/upload': { access: 'signedIn', why: 'every form uploads; the purpose limits what' },
  'POST /asset/{id}/parts': { access: 'signedIn', why: 'the uploader, or Edit on Asset (service)' },
  'POST /asset/{id}/complete': { access: 'signedIn', why: 'the uploader, or Edit on Asset (service)' },
  'DELETE /asset/{id}/upload': { access: 'signedIn', why: 'the uploader, or Edit on Asset (service)' },
  'PATCH /asset/{id}': {
    access: 'signedIn',
    why: "a cover's alt text from its field: the uploader, or Edit on Asset (service)",
  },
  'GET /asset/{id}/uses': { access: 'signedIn', why: 'the uploader, or Read on Asset (service)' },
  'GET /asset/{id}/original': { access: 'signedIn', why: 'the uploader, or Read on Asset (service)' },
};

/**
 * Routes that are not GET yet write nothing a reader may not cause, so Read may call them: each with why it is not
 * a GET (the check below refuses Read on every other route that is not a GET).
 */
const READS_BY_POST: Partial<Record<RouteId, string>> = {
  'POST /cms/{id}/preview-link':
    'signs a fresh token on every call (no cache or prefetch may replay one) and writes nothing; whoever may open the article may preview it',
};

/**
 * Routes whose service adds its own rule that refuses the exact actor on the bare path, though the access rule
 * lets it in: the exact cell calls the form of the route that actor is let in for.
 */
const EXACT_QUERY: Partial<Record<RouteId, { query: string; why: string }>> = {
  'GET /user': {
    query: '?all=true',
    why: 'Read on User (the first listed action) lets a reader into the pickers’ list (with emails); the paged list needs Edit on User, which the service checks',
  },
};

/** Why each 401 must be the one it is meant to be (the texts of functions/auth/access.ts and functions/session/tokens.ts). */
const REASON_401: Partial<Record<Actor, RegExp>> = {
  noToken: /^Unauthorized: .*sign in/i,
  blocked: /^Unauthorized: .*blocked/i,
  expired: /^Unauthorized: .*(expired|not valid)/i,
  loggedOut: /^Unauthorized: .*ended/i,
};

interface Row {
  id: RouteId;
  route: Route;
  plan: AccessPlan;
  /** Cells the access rule refuses: run first, against the snapshot. */
  denied: Array<Cell & { label: string }>;
  /** Cells past the access rule (or on a public route): run after the stored data was compared. */
  permitted: Array<Cell & { label: string }>;
  /** Snapshot the table around the denied calls: the route writes, or names a record that must stay. */
  checksStore: boolean;
}

const label = (id: RouteId, cell: Cell) =>
  `${id} × ${cell.actor} → ${
    cell.expect === 'allowed' ? 'allowed (not 401/403)' : cell.expect === 'public' ? 'token ignored' : cell.expect
  }`;

const isDenial = (e: Expectation): e is 401 | 403 => e === 401 || e === 403;

const MATRIX: Row[] = (ROUTES as readonly Route[]).map((route) => {
  const id = routeId(route);
  const plan = planOf(route.access);
  const cells = plan.cells.map((cell) => ({ ...cell, label: label(id, cell) }));
  const denied = cells.filter((c) => isDenial(c.expect));
  return {
    id,
    route,
    plan,
    denied,
    permitted: cells.filter((c) => !isDenial(c.expect)),
    checksStore: denied.length > 0 && (route.method !== 'GET' || hasParam(route)),
  };
});

// ---------------------------------------------------------------------------------------------------------------
// Actors and records, made once
// ---------------------------------------------------------------------------------------------------------------

let ctx: FixtureContext;
let adminId: string;
/** User ids of the exact actors, by what they hold. */
const exactUsers = new Map<ExactKey, string>();
/** User ids of the wrong actors, by what they lack. */
const wrongUsers = new Map<string, string>();
/** User ids of the otherActions actors, by what they hold. */
const otherUsers = new Map<string, string>();
/** Tokens of users with the exact grant, signed in and then blocked. */
const blockedTokens = new Map<ExactKey, string>();
/** Tokens of the exact users, signed in and then signed out. */
const loggedOutTokens = new Map<ExactKey, string>();
class FixtureError {
  constructor(readonly cause: unknown) {}
}
/** The record each Lambda's `{id}` routes use (or why it could not be made). */
const recordIds = new Map<LambdaName, string | FixtureError>();

const exactKeys = (): ExactKey[] => [...new Set<ExactKey>(['signedIn', ...MATRIX.map((r) => r.plan.exact)])];

beforeAll(async () => {
  adminId = (await adminRecord())._id;
  for (const key of exactKeys()) {
    exactUsers.set(key, key === 'superAdmin' ? adminId : (await matrixUser(`exact ${key}`, exactPermissions(key)))._id);
  }
  const lacking = new Map<string, Resource[]>(MATRIX.map((r) => [wrongKey(r.plan.wrongLacks), r.plan.wrongLacks]));
  for (const [key, lacks] of lacking)
    wrongUsers.set(key, (await matrixUser(`wrong ${key}`, wrongPermissions(lacks)))._id);

  for (const row of MATRIX) {
    const held = row.plan.otherActions;
    if (held && !otherUsers.has(permissionsKey(held))) {
      otherUsers.set(permissionsKey(held), (await matrixUser(`other actions ${permissionsKey(held)}`, held))._id);
    }
  }

  // Real sign-ins (bcrypt: ~0.3 s each), one at a time: parallel sign-ins from one address race for the same
  // throttle counter and all but one get 429.
  for (const key of exactKeys()) {
    const blocked =
      key === 'superAdmin'
        ? await matrixUser('blocked super admin', {}, { isSuperAdmin: true })
        : await matrixUser(`blocked ${key}`, exactPermissions(key));
    blockedTokens.set(key, await blockedToken(blocked));
    loggedOutTokens.set(
      key,
      key === 'superAdmin'
        ? await loggedOutToken(admin, admin.password)
        : await loggedOutToken(await userOf(exactUsers, key)),
    );
  }

  ctx = {
    adminToken: async () => (await mintSession(adminId)).token,
    adminId,
    ownerId: must(exactUsers.get('signedIn'), 'signedIn'),
    cleanup: [],
  };
  for (const lambda of new Set(MATRIX.filter((r) => hasParam(r.route)).map((r) => r.route.lambda))) {
    const factory = FACTORIES[lambda];
    // A factory that fails (a service being changed) fails that Lambda's routes, not the whole matrix.
    if (factory) recordIds.set(lambda, await factory(ctx).catch((error: unknown) => new FixtureError(error)));
  }
}, 600_000);

afterAll(async () => {
  for (const undo of ctx?.cleanup ?? []) await undo();
});

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no fixture for ${what}`);
  return value;
}

const userOf = <K>(users: Map<K, string>, key: K) => freshUser(must(users.get(key), String(key)));

/** The token an actor sends in a cell (undefined: none). Every live-session token is minted for the cell. */
async function tokenFor(actor: Actor, plan: AccessPlan): Promise<string | undefined> {
  switch (actor) {
    case 'superAdmin':
      return (await mintSession(adminId)).token;
    case 'exact':
      return (await mintSession(must(exactUsers.get(plan.exact), plan.exact))).token;
    case 'wrong':
      return (await mintSession(must(wrongUsers.get(wrongKey(plan.wrongLacks)), wrongKey(plan.wrongLacks)))).token;
    case 'otherActions': {
      const key = permissionsKey(must(plan.otherActions, 'other actions'));
      return (await mintSession(must(otherUsers.get(key), key))).token;
    }
    case 'noToken':
      return undefined;
    case 'blocked':
      return must(blockedTokens.get(plan.exact), `blocked ${plan.exact}`);
    case 'loggedOut':
      return must(loggedOutTokens.get(plan.exact), `logged out ${plan.exact}`);
    case 'expired': {
      const session = await mintSession(must(exactUsers.get(plan.exact), plan.exact));
      // The control: the same session with a token that has not expired is accepted.
      const control = await call('GET', '/user/me', { token: session.token });
      if (control.status !== 200) throw new Error(`the control token was refused: ${shown(control)}`);
      return expiredToken(session.user, session.sessionId);
    }
  }
}

/** Writes carry an empty JSON body; reads and deletes none. */
const send = (route: Route, path: string, token: string | undefined) =>
  call(route.method, path, { token, ...(route.method === 'POST' || route.method === 'PATCH' ? { body: {} } : {}) });

const shown = (res: ApiResult) => `${res.status} ${JSON.stringify(res.body)}`;

/** The router's own refusals: a wrong path or method would make every cell of a public route pass vacuously. */
function expectRouted(res: ApiResult): void {
  expect(res.status, shown(res)).not.toBe(405);
  expect(errorText(res)).not.toContain('There is no such API route');
}

// ---------------------------------------------------------------------------------------------------------------
// The matrix
// ---------------------------------------------------------------------------------------------------------------

describe('the matrix', () => {
  it('has one row per route of the route table, each with its cells', () => {
    expect(MATRIX.length).toBe(ROUTES.length);
    expect(new Set(MATRIX.map((r) => r.id)).size).toBe(ROUTES.length);
    for (const row of MATRIX) {
      expect(concretePath(row.route, newId()), row.id).not.toMatch(/[{}]/);
      const actors = [...row.denied, ...row.permitted].map((c) => c.actor);
      // Every actor but exact on super-admin routes (there is no non-super exact actor), and otherActions only
      // where a grant leaves actions of its resource unlisted.
      const expected = ACTORS.filter(
        (a) =>
          !(a === 'exact' && row.route.access.kind === 'superAdmin') &&
          !(a === 'otherActions' && row.plan.otherActions === undefined),
      );
      expect(actors.sort(), row.id).toEqual([...expected].sort());
      if (row.route.access.kind !== 'public') {
        expect(row.denied.map((c) => c.actor).sort(), row.id).toEqual(
          expect.arrayContaining(['blocked', 'expired', 'loggedOut', 'noToken']),
        );
      }
    }
  });

  it('has a route table that opens only the listed routes, guards each on its Lambda’s resource, writes never by Read', () => {
    const problems: string[] = [];
    for (const { id, route } of MATRIX) {
      const access = route.access;
      const open = OPEN_ROUTES[id];
      if (access.kind === 'public' || access.kind === 'signedIn') {
        if (open?.access !== access.kind) problems.push(`${id} is ${access.kind}, which OPEN_ROUTES does not list`);
        continue;
      }
      if (open) problems.push(`${id} is listed in OPEN_ROUTES as ${open.access} but is ${access.kind}`);
      if (access.kind === 'superAdmin') continue;
      if (access.kind === 'contentKey') {
        if (route.method !== 'GET') problems.push(`${id} is a delivery route that writes`);
        continue;
      }
      const grants = access.kind === 'permission' ? [access] : access.grants;
      const resource = resourceOf(route.lambda);
      if (resource && !grants.some((g) => g.resource === resource)) {
        problems.push(`${id} (Lambda ${route.lambda}) grants nothing on ${resource}`);
      }
      if (route.method !== 'GET' && !READS_BY_POST[id] && grants.some((g) => g.actions.includes('Read'))) {
        problems.push(`${id} writes but lets Read in`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe.each(MATRIX)('$id', (row) => {
  let path: string;
  let recordId: string | undefined;
  let before: Snapshot | undefined;

  /** The denied cells' tokens, made before the snapshot (minting a session writes one). */
  const deniedTokens = new Map<Actor, string | undefined>();

  beforeAll(async () => {
    for (const cell of row.denied) deniedTokens.set(cell.actor, await tokenFor(cell.actor, row.plan));
    const factory = FACTORIES[row.route.lambda];
    if (hasParam(row.route)) {
      const made = factory ? recordIds.get(row.route.lambda) : newId();
      if (made instanceof FixtureError) throw new Error(`no ${row.route.lambda} record: ${String(made.cause)}`);
      if (!made) throw new Error(`no record for ${row.id}`);
      recordId = made;
    }
    if (row.checksStore) {
      before = await snapshotTable();
      if (recordId && factory && itemsNaming(before, recordId).length === 0) {
        // An earlier permitted call ended this record (a session, say): make another for this route.
        recordId = await factory(ctx);
        recordIds.set(row.route.lambda, recordId);
        before = await snapshotTable();
      }
    }
    path = recordId ? concretePath(row.route, recordId) : row.route.path;
  });

  if (row.denied.length > 0) {
    it.each(row.denied)('$label', async (cell) => {
      const res = await send(row.route, path, deniedTokens.get(cell.actor));
      expect(res.status, shown(res)).toBe(cell.expect);
      if (cell.expect === 403) expect(errorText(res)).toBe(`Forbidden: ${PERMISSION_DENIED_MESSAGE}`);
      else if (row.route.access.kind === 'contentKey') {
        // A sign-in of any kind is no content key: the edge says a key is needed.
        expect(errorText(res)).toMatch(/^Unauthorized: .*content API key/);
      } else expect(errorText(res)).toMatch(REASON_401[cell.actor] ?? /^Unauthorized: /);
    });
  }

  if (row.checksStore) {
    it(`${row.id} × every denied call → stored data unchanged`, async () => {
      if (!before) throw new Error('no snapshot');
      const after = await snapshotTable();
      expect(tableDiff(before, after)).toEqual([]);
      expect(after.size).toBe(before.size);
      if (recordId && FACTORIES[row.route.lambda]) {
        const named = itemsNaming(before, recordId);
        expect(named.length, `the record ${recordId} the path names`).toBeGreaterThan(0);
        expect(itemsNaming(after, recordId)).toEqual(named);
      }
    });
  }

  it.each(row.permitted)('$label', async (cell) => {
    const query = cell.actor === 'exact' ? (EXACT_QUERY[row.id]?.query ?? '') : '';
    const res = await send(row.route, `${path}${query}`, await tokenFor(cell.actor, row.plan));
    expectRouted(res);
    if (cell.expect === 'allowed') {
      expect([401, 403], shown(res)).not.toContain(res.status);
      return;
    }
    // Public: the token changes nothing.
    expect(res.status, shown(res)).not.toBe(403);
    if (!PUBLIC_OWN_401[row.id]) expect(res.status, shown(res)).not.toBe(401);
    if (cell.actor !== 'noToken') {
      const anonymous = await send(row.route, path, undefined);
      expect(res.status, `with a token ${shown(res)}; without ${shown(anonymous)}`).toBe(anonymous.status);
    }
  });
});
