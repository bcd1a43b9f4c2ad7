import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_BUCKET } from '../../functions/lib/db/table';
import { createGateway } from '../../infra/local/gateway';
import { pickEncoding } from '../../infra/local/static-files';
import { apiUrl } from './helpers';

const origin = apiUrl.replace(/\/api$/, '');

describe('local gateway', () => {
  it('serves media/<key> objects at /media/<key> with their type, sandboxed, and 404 for anything else', async () => {
    const s3 = new S3Client({ endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, region: 'us-east-1' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await s3.send(
      new PutObjectCommand({
        Bucket: DEFAULT_MEDIA_BUCKET,
        Key: 'media/cover-image/test.png',
        Body: png,
        ContentType: 'image/png',
      }),
    );
    // The same name outside media/ (where uploads land before their check) is never served.
    await s3.send(
      new PutObjectCommand({ Bucket: DEFAULT_MEDIA_BUCKET, Key: 'uploads/cover-image/raw.png', Body: png }),
    );
    s3.destroy();

    const res = await fetch(`${origin}/media/cover-image/test.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);

    for (const path of [
      '/media/cover-image/missing.png',
      '/media/cover-image/raw.png',
      '/media/..%2Fuploads%2Fcover-image%2Fraw.png',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/%E0%A4%A',
    ]) {
      const missing = await fetch(`${origin}${path}`);
      expect(missing.status, path).toBe(404);
      expect((await missing.json()).message.msg, path).toMatch(/^NotFound: /);
    }
    // Dot segments are resolved before routing: this is the app's /uploads/… path, not the media bucket.
    expect((await fetch(`${origin}/media/%2E%2E/uploads/cover-image/raw.png`)).status).toBe(404);
  });

  it('sends the admin app and the API with their security headers', async () => {
    const app = await fetch(`${origin}/article`);
    const csp = app.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(app.headers.get('strict-transport-security')).toMatch(/^max-age=63072000; includeSubDomains$/);
    expect(app.headers.get('referrer-policy')).toBe('no-referrer');
    expect(app.headers.get('permissions-policy')).toContain('camera=()');
    expect(app.headers.get('x-content-type-options')).toBe('nosniff');

    const api = await fetch(`${origin}/api/site-management/siteDetail`);
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('permissions-policy')).toContain('camera=()');
  });
});

/** A GET as a browser sends it, with the raw bytes as they came over the wire (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('local gateway: the built admin app, as CloudFront serves it', () => {
  const webDir = mkdtempSync(join(tmpdir(), 'admin-portal-web-'));
  const entry = Buffer.from(`export const lines = [\n${'  "a line of the admin app",\n'.repeat(400)}];\n`);
  const tiny = Buffer.from('export const x = 1;\n');
  const indexHtml = Buffer.from(
    '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head></html>',
  );
  const gateway = createGateway({
    webDir,
    mediaBucket: DEFAULT_MEDIA_BUCKET,
    s3Endpoint: process.env.S3_ENDPOINT ?? '',
  });
  let origin = '';

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), indexHtml);
    writeFileSync(join(webDir, 'assets', 'index-Ab12Cd34.js'), entry);
    writeFileSync(join(webDir, 'assets', 'tiny-Ef56Gh78.js'), tiny);
    await new Promise<void>((resolve) => gateway.listen(0, resolve));
    origin = `http://localhost:${(gateway.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends hashed assets brotli- or gzip-compressed, cached for a year, with the app’s security headers', async () => {
    const br = await rawGet(`${origin}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-security-policy']).toContain("script-src 'self';");
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(entry.length / 10);
    expect(brotliDecompressSync(br.body)).toEqual(entry);

    const gz = await rawGet(`${origin}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(entry);
    // Brotli refused by weight goes to gzip; nothing accepted, the bytes as they are.
    expect(
      (await rawGet(`${origin}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'br;q=0, gzip' })).headers[
        'content-encoding'
      ],
    ).toBe('gzip');
    const plain = await rawGet(`${origin}/assets/index-Ab12Cd34.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(entry);

    // Under CloudFront's 1,000-byte floor a file goes as it is, still cached for good.
    const small = await rawGet(`${origin}/assets/tiny-Ef56Gh78.js`, { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(small.body).toEqual(tiny);

    const head = await rawGet(`${origin}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('sends index.html (and every client-side route) revalidated on each load, 304 when unchanged', async () => {
    for (const path of ['/', '/login', '/article/edit/01ABC']) {
      const page = await rawGet(`${origin}${path}`, { 'accept-encoding': 'br' });
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(page.body, path).toEqual(indexHtml);
    }
    const first = await rawGet(`${origin}/login`);
    const etag = String(first.headers.etag);
    const again = await rawGet(`${origin}/login`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // A new build of the file is served at once, not the copy compressed or kept before.
    const rebuilt = Buffer.from(`${indexHtml.toString()}<!-- rebuilt: a longer file -->`);
    writeFileSync(join(webDir, 'index.html'), rebuilt);
    utimesSync(join(webDir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    const changed = await rawGet(`${origin}/login`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(rebuilt);
  });

  it('answers a missing asset 404, never cached for good nor replaced by index.html', async () => {
    const missing = await rawGet(`${origin}/assets/gone-Zz99Yy88.js`, { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('picks the encoding the browser prefers by its Accept-Encoding', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
