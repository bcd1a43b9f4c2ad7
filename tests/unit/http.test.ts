import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../functions/auth/gate';
import { HttpError, unauthorized } from '../../functions/lib/errors';
import { handlerFactory, reply } from '../../functions/lib/http';
import { viewerIp } from '../../functions/lib/http-request';
import { parseInput } from '../../functions/lib/route-input';
import { ROUTES, routeId, routesOf } from '../../shared/api';
import { pagingQuery } from '../../shared/schemas/list-query';
import * as z from '../../shared/schemas/z';

const thrown = (fn: () => unknown): HttpError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a throw');
};

/** The router's parse of a body, and of a list's query with the paging schema. */
const parseWith = parseInput;
const paging = (query: Record<string, string>) => parseInput(pagingQuery(), query);

describe('parseInput', () => {
  const schema = z.object({ name: z.string().check(z.minLength(1, 'Name is required')), age: z.optional(z.number()) });

  it('returns the parsed value with unknown keys stripped', () => {
    expect(parseWith(schema, { name: 'A', isSuperAdmin: true })).toEqual({ name: 'A' });
  });

  it('turns the first problem into a 400 carrying the schema message', () => {
    const error = thrown(() => parseWith(schema, { name: '' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('ValidationError: Name is required');
  });

  it('names the field when the message is zod’s default', () => {
    expect(thrown(() => parseWith(schema, { name: 'A', age: 'x' })).text).toMatch(/^age: Invalid input/);
  });
});

describe('paging', () => {
  it('defaults to page 1 of 10 and accepts limits up to 100', () => {
    expect(paging({})).toEqual({ page: 1, limit: 10 });
    expect(paging({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
  });

  it.each<Record<string, string>>([{ page: '0' }, { page: '1.5' }, { page: 'abc' }, { limit: '101' }, { limit: '0' }])(
    'refuses %o with 400',
    (query) => {
      expect(thrown(() => paging(query)).status).toBe(400);
    },
  );
});

describe('createHandler', () => {
  it('refuses an implementation for a route the Lambda does not own', () => {
    // The types refuse it too; the check at load covers code that gets past them.
    expect(() => createHandler('client', ROUTES, { 'GET /user/me': async () => null } as never)).toThrow(
      /not a route of the client/,
    );
  });

  it('refuses a Lambda that leaves one of its routes without code', () => {
    expect(() => createHandler('dashboard', ROUTES, {} as never)).toThrow(
      /The dashboard Lambda has no code for GET \/dashboard/,
    );
  });
});

describe('viewerIp', () => {
  it('takes the address CloudFront passes on, without a port', () => {
    expect(viewerIp('203.0.113.7')).toBe('203.0.113.7');
    expect(viewerIp('203.0.113.7:443')).toBe('203.0.113.7');
    expect(viewerIp('2001:DB8::1')).toBe('2001:db8::1');
  });

  it('ignores anything that is not an address', () => {
    for (const junk of ['', 'localhost', '1.2.3', '<script>', '203.0.113.7, 10.0.0.1'])
      expect(viewerIp(junk)).toBeUndefined();
  });
});

/**
 * The middy stack as createHandler builds it (handlerFactory), over the auth and user-import Lambdas' rows with
 * stand-in code and gate: what reaches the route's code, and what is refused before it.
 */
describe('what reaches a route', () => {
  // The request lines and metrics these calls print are observability.test.ts's subject, not this file's.
  Object.assign(process.env, { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' });
  const TOKEN = 'stand-in-token';
  const reached: string[] = [];
  const standIns = (lambda: 'auth' | 'user-import') =>
    handlerFactory<{ _id: string }>(
      async (authorization) => {
        if (authorization !== `Bearer ${TOKEN}`) throw unauthorized();
        return { _id: '01JUSER00000000000000000001' };
      },
      () => true,
    )(
      lambda,
      ROUTES,
      Object.fromEntries(
        routesOf(lambda).map((route) => [
          routeId(route),
          async () => {
            reached.push(routeId(route));
            return reply(200, { ok: true }, undefined, ['refresh=set-by-the-route; Path=/api/auth']);
          },
        ]),
      ) as never,
    );
  const auth = standIns('auth');
  const userImport = standIns('user-import');

  const send = async (
    handler: typeof auth,
    method: string,
    path: string,
    { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {},
  ) => {
    reached.length = 0;
    const event = {
      version: '2.0',
      routeKey: `${method} ${path}`,
      rawPath: path,
      rawQueryString: '',
      headers: { host: 'admin.example.com', authorization: `Bearer ${TOKEN}`, ...headers },
      body,
      isBase64Encoded: false,
      requestContext: { http: { method, path, sourceIp: '192.0.2.1' }, requestId: 'req-1' },
    } as unknown as APIGatewayProxyEventV2;
    const out = await handler(event, { functionName: 'test', awsRequestId: 'req-1' } as Context);
    return {
      status: out.statusCode,
      message: out.body ? (JSON.parse(out.body) as { message?: { msg: string } }).message?.msg : undefined,
      cookies: out.cookies ?? [],
      reached: [...reached],
    };
  };
  const LOGIN = JSON.stringify({ email: 'ada@example.com', password: 'Secret-Pass-1' });

  describe('415 for a body that is not declared JSON', () => {
    it.each([
      ['text/plain', 'text/plain'],
      ['a form', 'application/x-www-form-urlencoded'],
      ['multipart on a JSON route', 'multipart/form-data; boundary=x'],
      ['no type at all', undefined],
      ['JSON in another charset', 'application/json; charset=iso-8859-1'],
      ['a type that only starts like JSON', 'application/jsonp'],
    ])('refuses %s before the route runs: the error shape, no cookie', async (_name, type) => {
      const res = await send(auth, 'POST', '/auth/login', {
        body: LOGIN,
        headers: type === undefined ? {} : { 'content-type': type },
      });
      expect(res.status).toBe(415);
      expect(res.message).toBe('UnsupportedMediaType: Send the request body as JSON (Content-Type: application/json)');
      expect(res.cookies).toEqual([]);
      expect(res.reached).toEqual([]);
    });

    it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"'])(
      'takes %s',
      async (type) => {
        const res = await send(auth, 'POST', '/auth/login', { body: LOGIN, headers: { 'content-type': type } });
        expect(res.status).toBe(200);
        expect(res.reached).toEqual(['POST /auth/login']);
      },
    );

    it('needs no type for a request without a body', async () => {
      expect((await send(auth, 'POST', '/auth/refresh')).status).toBe(200);
      expect((await send(auth, 'POST', '/auth/refresh', { headers: { 'content-type': 'text/plain' } })).status).toBe(
        200,
      );
    });

    it('asks the gate first: a caller without permission gets 401/403, never a 415 about their body', async () => {
      const res = await send(auth, 'POST', '/auth/two-factor/disable', {
        body: 'password=x',
        headers: { authorization: 'Bearer wrong', 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(401);
    });

    it('leaves the file route its multipart body', async () => {
      const res = await send(userImport, 'POST', '/user/bulkUpload', {
        body: '--x\r\nContent-Disposition: form-data; name="file"; filename="u.csv"\r\n\r\na\r\n--x--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(res.status).toBe(200);
      expect(res.reached).toEqual(['POST /user/bulkUpload/']);
    });
  });

  describe('403 for a browser request another site makes to a route of the sign-in cookies', () => {
    const CROSS_SITE: Array<[string, Record<string, string>]> = [
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site (another host of the same site)', { 'sec-fetch-site': 'same-site' }],
      ['an Origin of another host', { origin: 'https://attacker.example' }],
      ['an Origin of another port', { origin: 'https://admin.example.com:8443' }],
      ['Origin: null (a sandboxed frame, a data: page)', { origin: 'null' }],
      [
        'a same-origin Sec-Fetch-Site is what decides, not an Origin that looks right',
        { 'sec-fetch-site': 'cross-site', origin: 'https://admin.example.com' },
      ],
    ];
    for (const path of ['/auth/login', '/auth/login/two-factor', '/auth/refresh', '/auth/logout']) {
      it.each(CROSS_SITE)(`refuses ${path} with %s`, async (_name, headers) => {
        const res = await send(auth, 'POST', path, {
          body: path === '/auth/refresh' || path === '/auth/logout' ? undefined : LOGIN,
          headers: { 'content-type': 'application/json', ...headers },
        });
        expect(res.status).toBe(403);
        expect(res.message).toBe(
          'Forbidden: Sign in from the admin site itself: requests from other sites are refused',
        );
        expect(res.cookies).toEqual([]);
        expect(res.reached).toEqual([]);
      });
    }

    it.each<[string, Record<string, string>]>([
      ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: 'https://admin.example.com' }],
      ['Sec-Fetch-Site: none (the user typed or bookmarked it)', { 'sec-fetch-site': 'none' }],
      ['an Origin of its own host, for browsers without Sec-Fetch-Site', { origin: 'https://admin.example.com' }],
      [
        'an Origin of the host CloudFront saw (x-viewer-host), the Host being API Gateway’s',
        {
          host: 'abc123.execute-api.eu-west-1.amazonaws.com',
          'x-viewer-host': 'admin.example.com',
          origin: 'https://admin.example.com',
        },
      ],
      [
        'an Origin of the host a dev proxy forwarded (x-forwarded-host)',
        { host: 'localhost:3000', 'x-forwarded-host': 'localhost:5173', origin: 'http://localhost:5173' },
      ],
      ['neither header (not a browser: curl, a script)', {}],
    ])('lets in %s', async (_name, headers) => {
      const res = await send(auth, 'POST', '/auth/login', {
        body: LOGIN,
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect(res.status).toBe(200);
      expect(res.cookies).toHaveLength(1);
    });

    it('checks no Origin on routes the bearer token authenticates (a page of another site cannot send it)', async () => {
      const res = await send(auth, 'GET', '/auth/sessions', { headers: { origin: 'https://attacker.example' } });
      expect(res.status).toBe(200);
    });
  });
});
