import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_BUCKET } from '../../functions/lib/db/table';
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
