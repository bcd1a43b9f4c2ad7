import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/api';
import { apiUrl } from './helpers';

/** The API's contract as a client developer finds it: the document, and the viewer that renders it locally. */
describe('the API document', () => {
  it('is served at /api/openapi.json to anyone, as the whole JSON body', async () => {
    const res = await fetch(`${apiUrl}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.values(doc.paths).flatMap((item) => Object.keys(item))).toHaveLength(ROUTES.length);
    expect(doc.paths['/cms/{id}']?.patch).toBeDefined();
  });

  it('is rendered at /api/docs by Swagger UI from node_modules, under a policy that runs only our own scripts', async () => {
    const page = await fetch(`${apiUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('id="swagger-ui"');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");

    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await fetch(new URL(src, apiUrl));
      expect(script.status, src).toBe(200);
      expect(script.headers.get('content-type'), src).toMatch(/^text\/javascript/);
    }
    expect(await (await fetch(`${apiUrl}/docs/start.js`)).text()).toContain('/api/openapi.json');
    expect((await fetch(`${apiUrl}/docs/package.json`)).status).toBe(404);
    expect((await fetch(`${apiUrl}/docs/..%2F..%2Fpackage.json`)).status).toBe(404);
  });
});
