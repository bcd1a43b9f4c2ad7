import { describe, expect, it } from 'vitest';
import { RESOURCE_ACTIONS, RESOURCES, ROLE_SCREEN_ACTIONS } from '../../shared/permissions';
import { routeAt } from '../../web/src/app/routes';
import { canOpenRoute } from '../../web/src/app/screen';
import { pendingChangesHint } from '../../web/src/articles/list/article-row';
import { TRASH_RESOURCES } from '../../web/src/common/trash/trash-api';
import {
  daysLeftText,
  deleteQuestion,
  expiryDay,
  expiryText,
  expiryWhen,
  isKeyUnder,
  removedByText,
  removedMessage,
  removeQuestion,
  trashPath,
} from '../../web/src/common/trash/trash-text';
import { offersAction, rowActions, rowState, setRow } from '../../web/src/roles/permission-grid';

const DAY = 24 * 60 * 60 * 1000;

describe('the trash screens', () => {
  const trashes = [
    ['/article/trash', 'Cms', '/article'],
    ['/shop/catagory/trash', 'Category', '/shop/catagory'],
    ['/client/trash', 'Client', '/client'],
    ['/menu/trash', 'Menu', '/menu'],
    ['/breraking-news/trash', 'BreakingNews', '/breraking-news'],
    ['/epaper/trash', 'Epaper', '/epaper'],
    ['/advertisement/trash', 'Advertisement', '/advertisement'],
  ] as const;

  it('sit under each removable list, gated by Remove, going back to the list', () => {
    for (const [path, resource, list] of trashes) {
      const route = routeAt(path);
      expect(route, path).toBeDefined();
      expect({ resource: route?.resource, actions: route?.actions, backTo: route?.backTo }).toEqual({
        resource,
        actions: ['Remove'],
        backTo: list,
      });
      expect(trashPath(list)).toBe(path);
    }
    expect(Object.keys(TRASH_RESOURCES).sort()).toEqual(trashes.map(([, resource]) => resource).sort());
  });

  it('open for Remove on the resource only (Read or Edit is not enough)', () => {
    const route = routeAt('/article/trash');
    if (!route) throw new Error('no /article/trash');
    expect(canOpenRoute({ modelPermissions: { Cms: ['Read', 'Write', 'Edit', 'EditOwn'] } }, route)).toBe(false);
    expect(canOpenRoute({ modelPermissions: { Client: ['Remove'] } }, route)).toBe(false);
    expect(canOpenRoute({ modelPermissions: { Cms: ['Remove'] } }, route)).toBe(true);
    expect(canOpenRoute({ isSuperAdmin: true }, route)).toBe(true);
    expect(canOpenRoute(null, route)).toBe(false);
  });

  it('call the API under the base the route table spells', () => {
    expect(TRASH_RESOURCES.Cms.base).toBe('/cms');
    expect(TRASH_RESOURCES.Category.base).toBe('/category');
    expect(TRASH_RESOURCES.BreakingNews.base).toBe('/breaking-news');
  });
});

describe('what Remove and the trash say', () => {
  it('asks before moving to the trash, naming the record and the 30 days', () => {
    expect(removeQuestion('Budget 2026')).toBe('Move “Budget 2026” to the trash? It can be restored for 30 days.');
    expect(removeQuestion('  ')).toBe('Move “Untitled” to the trash? It can be restored for 30 days.');
    expect(removedMessage('राज्य सरकार')).toBe('“राज्य सरकार” moved to the trash');
    expect(deleteQuestion('Old ad')).toBe('Delete “Old ad” for good? It cannot be restored afterwards.');
  });

  it('says when a trashed record goes for good, in whole days left', () => {
    const now = new Date(2026, 10, 25, 10, 0);
    const expires = new Date(now.getTime() + 30 * DAY).toISOString();
    expect(expiryText(expires, now)).toBe('Deleted for good on 25/12/2026 (in 30 days)');
    expect(expiryWhen(new Date(now.getTime() + DAY - 60_000).toISOString(), now)).toBe('on 26/11/2026 (in 1 day)');
    expect(expiryWhen(new Date(now.getTime() + 2.5 * DAY).toISOString(), now)).toMatch(/\(in 3 days\)$/);
    expect(expiryWhen(new Date(now.getTime() - 60_000).toISOString(), now)).toBe('on 25/11/2026 (today)');
    expect(expiryText('not a date', now)).toBe('Deleted for good after 30 days');
    expect(expiryDay(expires)).toBe('25/12/2026');
    expect(daysLeftText(expires, now)).toBe('in 30 days');
    expect(daysLeftText('not a date', now)).toBe('');
  });

  it('names who removed it, or says the user is unknown', () => {
    expect(removedByText({ name: 'Ada Admin' })).toBe('Ada Admin');
    expect(removedByText(null)).toBe('Unknown user');
  });

  it('re-reads every key under the resource base, and nothing of another resource', () => {
    const under = [
      ['/cms', '/cms?page=1&limit=10'],
      ['/cms', '/cms/notification'],
      ['/cms', '/cms/trash?page=2&limit=10'],
      ['/category', '/category/'],
      ['/category', '/category/list'],
      ['/client', '/client?all=true'],
    ] as const;
    for (const [base, key] of under) expect(isKeyUnder(base, key), key).toBe(true);
    const elsewhere = [
      ['/cms', '/cmsx'],
      ['/menu', '/media/x'],
    ] as const;
    for (const [base, key] of elsewhere) expect(isKeyUnder(base, key), key).toBe(false);
  });
});

describe('the article list badge for unpublished changes', () => {
  it('says who saved them, when, and that the site shows them on Publish', () => {
    const at = new Date(2026, 10, 25, 9, 5).toISOString();
    expect(pendingChangesHint({ at, by: { _id: 'u1', name: 'Wren Writer' } })).toBe(
      'Saved by Wren Writer at 25/11/2026 09:05; not on the site until Publish',
    );
    expect(pendingChangesHint({ at, by: null })).toBe('Saved at 25/11/2026 09:05; not on the site until Publish');
  });
});

describe('the role grid’s Remove column', () => {
  it('is a column of the grid, offered exactly where the resource has Remove', () => {
    expect(ROLE_SCREEN_ACTIONS.map((column) => column.label)).toContain('Remove');
    for (const resource of RESOURCES)
      expect(offersAction(resource, 'Remove'), resource).toBe(RESOURCE_ACTIONS[resource].includes('Remove'));
    for (const resource of Object.keys(TRASH_RESOURCES) as (keyof typeof TRASH_RESOURCES)[])
      expect(offersAction(resource, 'Remove'), resource).toBe(true);
    expect(offersAction('User', 'Remove')).toBe(false);
    expect(offersAction('Site', 'Remove')).toBe(false);
  });

  it('ticks Remove with All on a removable row', () => {
    expect(rowActions('Cms')).toEqual(['Read', 'Write', 'Edit', 'EditOwn', 'Remove']);
    const all = setRow({}, 'Cms', true);
    expect(all.Cms).toContain('Remove');
    expect(rowState({ Cms: ['Read', 'Write', 'Edit', 'EditOwn'] }, 'Cms')).toBe('some');
    expect(rowState(all, 'Cms')).toBe('all');
  });
});
