import { describe, expect, it } from 'vitest';
import { changeUserRefusal, grantRefusal, lowerTwoFactorRefusal, SUPER_ADMIN_ONLY } from '../../shared/authority';
import {
  type AccessSubject,
  canAccess,
  mergePermissions,
  normalizeAction,
  removesOwnOnly,
} from '../../shared/permissions';

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

describe('who may change whom (shared/authority.ts)', () => {
  const userEditor = { modelPermissions: { User: ['Read', 'Edit'] } };
  const target = (grants: Record<string, string[]>, isSuperAdmin = false) => ({ name: 'Asha', isSuperAdmin, grants });

  it('lets an actor change a user whose roles grant no more than the actor holds', () => {
    expect(changeUserRefusal(userEditor, target({}))).toBeNull();
    expect(changeUserRefusal(userEditor, target({ User: ['Read'] }))).toBeNull();
    expect(changeUserRefusal(userEditor, target({ User: ['Edit:own'] }))).toBe(
      'You cannot change Asha: their roles grant Edit:own on User, which you do not hold',
    );
    expect(changeUserRefusal(userEditor, target({ Role: ['Edit'] }))).toBe(
      'You cannot change Asha: their roles grant Edit on Roles and Permissons, which you do not hold',
    );
  });

  it('keeps super admins to super admins, and lets a super admin change anyone', () => {
    const everything = { User: ['Read', 'Write', 'Edit'], Role: ['Read', 'Write', 'Edit'] };
    expect(changeUserRefusal({ modelPermissions: everything }, target({}, true))).toBe(SUPER_ADMIN_ONLY);
    expect(changeUserRefusal({ isSuperAdmin: true }, target({}, true))).toBeNull();
    expect(changeUserRefusal({ isSuperAdmin: true }, target(everything))).toBeNull();
  });

  it('refuses granting what one lacks', () => {
    expect(grantRefusal(userEditor, { User: ['Read'] })).toBeNull();
    expect(grantRefusal(userEditor, { Cms: ['Remove'] })).toBe(
      'You cannot grant Remove on Article: you do not hold it yourself',
    );
  });

  it('lets only someone outside a role lift its two-factor requirement', () => {
    const role = { _id: 'r1', status: 'Enable', requiresTwoFactor: true };
    const lifted = { status: 'Enable', requiresTwoFactor: false };
    const disabled = { status: 'Disable', requiresTwoFactor: true };
    expect(lowerTwoFactorRefusal(['r1'], role, lifted)).toMatch(/^You hold this role/);
    expect(lowerTwoFactorRefusal(['r1'], role, disabled)).toMatch(/^You hold this role/);
    expect(lowerTwoFactorRefusal(['r2'], role, lifted)).toBeNull();
    expect(lowerTwoFactorRefusal(['r1'], role, role)).toBeNull();
    // Raising it, or changing a role that requires nothing, is no lowering.
    expect(lowerTwoFactorRefusal(['r1'], { ...role, requiresTwoFactor: false }, role)).toBeNull();
    expect(lowerTwoFactorRefusal(['r1'], { ...role, status: 'Disable' }, lifted)).toBeNull();
  });
});

describe('Remove follows Edit and Edit:own', () => {
  it('limits a holder of Edit:own without Edit to their own records', () => {
    expect(removesOwnOnly({ modelPermissions: { Cms: ['EditOwn', 'Remove'] } }, 'Cms')).toBe(true);
    expect(removesOwnOnly({ modelPermissions: { Cms: ['Edit', 'EditOwn', 'Remove'] } }, 'Cms')).toBe(false);
    expect(removesOwnOnly({ modelPermissions: { Cms: ['Remove'] } }, 'Cms')).toBe(false);
    expect(removesOwnOnly({ isSuperAdmin: true }, 'Cms')).toBe(false);
  });
});
