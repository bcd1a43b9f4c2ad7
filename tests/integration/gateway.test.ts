import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_BUCKET } from '../../functions/lib/db/table';
import { apiUrl } from './helpers';

const origin = apiUrl.replace(/\/api$/, '');

describe('local gateway', () => {
  it('serves media objects at /media/<key> with their type, sandboxed, and 404 for anything else', async () => {
    const s3 = new S3Client({ endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, region: 'us-east-1' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await s3.send(
      new PutObjectCommand({
        Bucket: DEFAULT_MEDIA_BUCKET,
        Key: 'cover-image/test.png',
        Body: png,
        ContentType: 'image/png',
      }),
    );
    s3.destroy();

    const res = await fetch(`${origin}/media/cover-image/test.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);

    for (const path of ['/media/cover-image/missing.png', '/media/..%2F..%2Fetc%2Fpasswd', '/media/%E0%A4%A']) {
      const missing = await fetch(`${origin}${path}`);
      expect(missing.status, path).toBe(404);
      expect((await missing.json()).message.msg, path).toMatch(/^NotFound: /);
    }
  });
});
