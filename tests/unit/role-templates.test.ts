/**
 * The ready-made roles (shared/role-templates.ts): each grants only actions its resources offer, and what an admin
 * copies from one never grants more than the admin holds (CONTRACT.md §6, no escalation), which the API's own check
 * (grantRefusal) then accepts.
 */
import { describe, expect, it } from 'vitest';
import { grantRefusal } from '../../shared/authority';
import { RESOURCE_ACTIONS, type Resource } from '../../shared/permissions';
import { ROLE_TEMPLATES, templateFor } from '../../shared/role-templates';

describe('ready-made roles', () => {
  it('are Editor, Reporter, Ad manager and Home-page curator, each granting only what its resources offer', () => {
    expect(ROLE_TEMPLATES.map((t) => t.name)).toEqual(['Editor', 'Reporter', 'Ad manager', 'Home-page curator']);
    for (const template of ROLE_TEMPLATES) {
      for (const [resource, actions] of Object.entries(template.modelPermissions)) {
        for (const action of actions ?? []) expect(RESOURCE_ACTIONS[resource as Resource]).toContain(action);
      }
      expect(template.description.length).toBeGreaterThan(10);
    }
  });

  it('give the reporter Edit:own without Edit, the curator the home page, the ad manager ads and clients', () => {
    const [editor, reporter, ads, curator] = ROLE_TEMPLATES;
    expect(editor?.modelPermissions.Cms).toEqual(['Read', 'Write', 'Edit', 'Remove']);
    expect(reporter?.modelPermissions.Cms).toEqual(['Read', 'Write', 'EditOwn', 'Remove']);
    expect(ads?.modelPermissions.Advertisement).toContain('Edit');
    expect(ads?.modelPermissions.Client).toContain('Write');
    expect(curator?.modelPermissions.Layout).toEqual(['Read', 'Edit']);
  });

  it('copy whole for a super admin', () => {
    for (const template of ROLE_TEMPLATES) {
      expect(templateFor(template, { isSuperAdmin: true })).toEqual({
        modelPermissions: template.modelPermissions,
        leftOut: [],
      });
    }
  });

  it('copy only what the admin holds, name what is left out, and pass the no-escalation check', () => {
    const admin = {
      modelPermissions: { Role: ['Read', 'Write'], Cms: ['Read', 'Write', 'Edit:own'], Category: ['Read'] },
    };
    for (const template of ROLE_TEMPLATES) expect(grantRefusal(admin, template.modelPermissions)).not.toBeNull();
    const reporter = ROLE_TEMPLATES.find((t) => t.key === 'reporter');
    if (!reporter) throw new Error('no reporter template');
    const copied = templateFor(reporter, admin);
    expect(copied.modelPermissions).toEqual({ Category: ['Read'], Cms: ['Read', 'Write', 'EditOwn'] });
    expect(copied.leftOut).toEqual(['Read on Media', 'Write on Media', 'Edit:own on Media', 'Remove on Article']);
    for (const template of ROLE_TEMPLATES) {
      expect(grantRefusal(admin, templateFor(template, admin).modelPermissions)).toBeNull();
    }
  });
});
