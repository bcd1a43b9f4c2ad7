import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAMBDAS, matchRoute, ROUTES, routeId, routePath } from '../../shared/api';
import { RESOURCES } from '../../shared/permissions';
import { methodsIn } from '../../shared/routes/match';

const root = join(import.meta.dirname, '../..');

describe('the route table', () => {
  it('lists each method and path once', () => {
    const keys = ROUTES.map((r) => `${r.method} ${routePath(r.path)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('covers the calls of CONTRACT.md §7, spelt as the contract spells them', () => {
    const ids = ROUTES.map(routeId);
    for (const id of [
      'POST /auth/login',
      'GET /user/me',
      'PATCH /user',
      'POST /user/bulkUpload/',
      'GET /category/',
      'POST /category/create',
      'GET /epaper/detail/{id}',
      'GET /cms/notification',
      'POST /cms/getHtml/',
      'PATCH /layout/{id}',
      'PATCH /breaking-news/{id}',
      'GET /site-management/siteDetail',
      'POST /asset/upload',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('gives every route a Lambda that has a handler file, and every permission a known resource', () => {
    for (const route of ROUTES) {
      expect(LAMBDAS).toContain(route.lambda);
      if (route.access.kind === 'permission') expect(RESOURCES).toContain(route.access.resource);
      if (route.access.kind === 'anyOf') for (const g of route.access.grants) expect(RESOURCES).toContain(g.resource);
    }
    for (const lambda of LAMBDAS) expect(existsSync(join(root, 'functions', lambda, 'handler.ts')), lambda).toBe(true);
  });

  it('declares the actions of CONTRACT.md §6: user list needs Edit, create needs Write, lists need Read', () => {
    const access = (method: string, path: string) => ROUTES.find((r) => r.method === method && r.path === path)?.access;
    // The user list needs Edit on User; readers of users and article writers may reach it for the picker only.
    expect(access('GET', '/user')).toEqual({
      kind: 'anyOf',
      grants: [
        { resource: 'User', actions: ['Read', 'Edit'] },
        { resource: 'Cms', actions: ['Write', 'Edit', 'EditOwn'] },
      ],
    });
    expect(access('GET', '/user/{id}')).toEqual({ kind: 'permission', resource: 'User', actions: ['Edit'] });
    expect(access('POST', '/cms/create')).toEqual({ kind: 'permission', resource: 'Cms', actions: ['Write'] });
    expect(access('PATCH', '/cms/{id}')).toEqual({ kind: 'permission', resource: 'Cms', actions: ['Edit', 'EditOwn'] });
    expect(access('GET', '/breaking-news')).toEqual({
      kind: 'permission',
      resource: 'BreakingNews',
      actions: ['Read'],
    });
    expect(access('POST', '/auth/login')).toEqual({ kind: 'public' });
    expect(access('GET', '/layout/home')).toEqual({ kind: 'signedIn' });
    // Reading the site and the layout stays open (CONTRACT.md §6); writing them needs Edit on their own resources.
    expect(access('PATCH', '/layout/{id}')).toEqual({ kind: 'permission', resource: 'Layout', actions: ['Edit'] });
    expect(access('PATCH', '/site-management/{id}')).toEqual({
      kind: 'permission',
      resource: 'Site',
      actions: ['Edit'],
    });
    expect(access('GET', '/audit')).toEqual({ kind: 'superAdmin' });
  });

  it('lets a user who must still enrol in two-factor sign-in reach only enrolment, sign-out and who they are', () => {
    const open = ROUTES.filter((r) => (r as { beforeTwoFactor?: boolean }).beforeTwoFactor).map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(open.sort()).toEqual(
      ['GET /user/me', 'POST /auth/logout', 'POST /auth/two-factor/enable', 'POST /auth/two-factor/setup'].sort(),
    );
  });
});

describe('matchRoute', () => {
  it('prefers a static path over a parameter, decodes parameters and ignores a trailing slash', () => {
    expect(matchRoute('GET', '/user/me')?.route.path).toBe('/user/me');
    expect(matchRoute('GET', '/user/01ABC')).toMatchObject({ route: { path: '/user/{id}' }, params: { id: '01ABC' } });
    expect(matchRoute('GET', '/category')?.route.path).toBe('/category/');
    expect(matchRoute('POST', '/user/bulkUpload')?.route.path).toBe('/user/bulkUpload/');
    expect(matchRoute('GET', '/client/a%20b')?.params).toEqual({ id: 'a b' });
  });

  it('matches nothing for unknown paths, empty or undecodable parameters', () => {
    expect(matchRoute('GET', '/nope')).toBeUndefined();
    expect(matchRoute('GET', '/user//')).toBeUndefined();
    expect(matchRoute('GET', '/client/%E0%A4%A')).toBeUndefined();
    expect(matchRoute('PUT', '/user/me')).toBeUndefined();
  });

  it('lists the methods a path allows, for 405 answers', () => {
    expect(methodsIn(ROUTES, '/client/1')).toEqual(['GET', 'PATCH', 'DELETE']);
    expect(methodsIn(ROUTES, '/client/trash')).toEqual(['GET', 'PATCH', 'DELETE']);
    expect(methodsIn(ROUTES, '/client/trash/1/restore')).toEqual(['POST']);
    expect(methodsIn(ROUTES, '/nothing')).toEqual([]);
  });
});
