import { describe, expect, it } from 'vitest';
import { createHandler } from '../../functions/auth/gate';
import { HttpError } from '../../functions/lib/errors';
import { viewerIp } from '../../functions/lib/http-request';
import { parseInput } from '../../functions/lib/route-input';
import { ROUTES } from '../../shared/api';
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
