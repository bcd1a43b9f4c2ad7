import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { FunctionName } from '../../infra/aws/functions';
import { buildBundles, bundleFile, loadBundle } from '../../infra/local/bundles';
import { ORIGIN_SECRET_HEADER } from '../../shared/addresses';
import { direct, TEST_ORIGIN_SECRET } from './direct';
import { admin, login, uploadFile } from './helpers';

const out = mkdtempSync(join(tmpdir(), 'admin-portal-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Builds a Lambda's bundle as the CDK stack builds it; returns the file. */
async function buildBundle(lambda: FunctionName): Promise<string> {
  const dir = join(out, lambda);
  await buildBundles(dir, [lambda]);
  return bundleFile(dir, lambda);
}

/** Loads a bundle and calls its handler with the HTTP API event of a JSON POST to `path`, from 10.0.0.9. */
async function postTo(file: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const { handler } = (await loadBundle(file)) as {
    handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>;
  };
  return handler(
    {
      version: '2.0',
      routeKey: `POST ${path}`,
      rawPath: path,
      headers: { 'content-type': 'application/json', [ORIGIN_SECRET_HEADER]: TEST_ORIGIN_SECRET, ...headers },
      body: JSON.stringify(body),
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST', path, sourceIp: '10.0.0.9' } },
    },
    {},
  );
}

/** The Lambda bundles (built as the CDK stack builds them, credential alias included) run for real. */
describe('deployed bundles', () => {
  const bundlesDir = inject('bundlesDir');

  it.skipIf(!bundlesDir)('with LAMBDA_BUNDLES=1 every route runs the bundle cdk deploy uploads', async () => {
    const response = await direct('POST', '/auth/login', { body: { email: admin.email, password: admin.password } });
    expect(response.status).toBe(200);
    // The handler that answered is the built file, loaded as Lambda loads it (CommonJS require), not the source.
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded).toContain(bundleFile(bundlesDir, 'auth'));
    expect(loaded.some((file) => file.endsWith('functions/auth/handler.ts'))).toBe(false);
  });

  it('the auth bundle signs in against DynamoDB Local with credentials from the environment', async () => {
    const file = await buildBundle('auth');
    // The SDK's default credential chain (SSO, profiles, …) is replaced by the environment-only provider.
    expect(readFileSync(file, 'utf8')).not.toContain('sso_start_url');
    const response = await postTo(file, '/auth/login', { email: admin.email, password: admin.password });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data.user.email).toBe(admin.email);
  });

  it('the article-import bundle (pdf.js bundled for Lambda) reads the text of an uploaded PDF', async () => {
    const file = await buildBundle('article-import');
    const token = await login(admin.email, admin.password);
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    page.drawText('Bundled import works.', {
      x: 50,
      y: 700,
      size: 12,
      font: await doc.embedFont(StandardFonts.Helvetica),
    });
    const asset = await uploadFile(token, 'import-document', {
      name: 'story.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from(await doc.save()),
    });
    const response = await postTo(file, '/cms/getHtml/', { asset }, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data.paragraphs).toEqual(['Bundled import works.']);
  });
});
