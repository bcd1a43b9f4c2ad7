import { describe, expect, it } from 'vitest';
import { type AccessSubject, canAccess, mergePermissions, normalizeAction } from '../../shared/permissions';

const editor: AccessSubject = { modelPermissions: { Cms: ['Read', 'Edit:own'], Epaper: ['EditOwn'], Menu: [] } };
const superAdmin: AccessSubject = { isSuperAdmin: true, modelPermissions: {} };

describe('canAccess', () => {
  it.each([
    ['nobody signed in, no resource', null, undefined, [], false],
    ['nobody signed in, a resource', undefined, 'Cms', ['Read'], false],
    ['any signed-in user, route without resource', { modelPermissions: {} }, undefined, [], true],
    ['super admin, any resource', superAdmin, 'User', ['Edit'], true],
    ['super admin flag must be exactly true', { isSuperAdmin: 'yes' as unknown as boolean }, 'User', ['Edit'], false],
    ['holds one of the listed actions', editor, 'Cms', ['Write', 'Read'], true],
    ['holds none of the listed actions', editor, 'Cms', ['Write'], false],
    ['Edit:own satisfies EditOwn', editor, 'Cms', ['Edit', 'EditOwn'], true],
    ['EditOwn satisfies Edit:own', editor, 'Epaper', ['Edit:own'], true],
    ['EditOwn does not satisfy Edit', editor, 'Epaper', ['Edit'], false],
    ['an empty action list on the resource', editor, 'Menu', ['Read'], false],
    ['a resource the user has nothing on', editor, 'User', ['Read'], false],
    ['a route listing no actions on a resource', editor, 'Cms', [], false],
    ['unknown action names grant nothing', { modelPermissions: { Cms: ['Admin'] } }, 'Cms', ['Admin'], false],
  ] as const)('%s → %s', (_case, user, resource, actions, expected) => {
    expect(canAccess(user as AccessSubject | null | undefined, resource, actions)).toBe(expected);
  });
});

describe('normalizeAction and mergePermissions', () => {
  it('maps both spellings of the own-edit action to EditOwn and rejects unknown ones', () => {
    expect(normalizeAction('Edit:own')).toBe('EditOwn');
    expect(normalizeAction('EditOwn')).toBe('EditOwn');
    expect(normalizeAction('edit')).toBeUndefined();
  });

  it('unions the actions of several roles per resource, in canonical order, dropping unknown names', () => {
    expect(
      mergePermissions([
        { Cms: ['Edit:own', 'Read'], Bogus: ['Read'] },
        { Cms: ['Read', 'Write'], User: ['Nope'] },
        { Epaper: 'Read' as unknown as string[] },
      ]),
    ).toEqual({ Cms: ['Read', 'Write', 'EditOwn'] });
  });
});
