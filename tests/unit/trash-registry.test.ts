/**
 * The removable resources are declared once (shared/trash-resources.ts); the route table, the audit trail's
 * target types and the server's registry (functions/trash-sweeper/registry.ts) follow it. Each registry entry is
 * that resource's own Trashable, and each resource has its four trash routes on its Lambda, needing its Remove.
 */
import { describe, expect, it } from 'vitest';
import { TRASHABLES } from '../../functions/trash-sweeper/registry';
import { ROUTES } from '../../shared/api';
import { TRASH_TARGET_TYPES, TRASHABLE_RESOURCES } from '../../shared/trash-resources';

describe('the trash registry', () => {
  it.each(TRASH_TARGET_TYPES)('holds %s with its own Trashable and its four trash routes', (type) => {
    expect(TRASHABLES[type].auditType).toBe(type);
    const { lambda, base, resource } = TRASHABLE_RESOURCES[type];
    const trashRoutes = ROUTES.filter(
      (route) => (route.path === `${base}/{id}` && route.method === 'DELETE') || route.path.startsWith(`${base}/trash`),
    );
    expect(trashRoutes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
      [
        `DELETE ${base}/trash/{id}`,
        `DELETE ${base}/{id}`,
        `GET ${base}/trash`,
        `POST ${base}/trash/{id}/restore`,
      ].sort(),
    );
    for (const route of trashRoutes) {
      expect(route.lambda).toBe(lambda);
      expect(JSON.stringify(route.access)).toContain(resource);
      expect(JSON.stringify(route.access)).toContain('Remove');
    }
  });

  it('has no Trashable outside the declared resources', () => {
    expect(Object.keys(TRASHABLES).sort()).toEqual([...TRASH_TARGET_TYPES].sort());
  });
});
