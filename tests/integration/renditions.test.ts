/**
 * Renditions through the local gateway as CloudFront serves them (functions/README.md, "Renditions"): pictures
 * uploaded through the upload API (so cleaned by the asset Lambda), then asked at `/media/r/<preset>/<key>`
 * with a browser's Accept. Checks the format each Accept gets, that no served byte carries the metadata planted
 * in the upload, that an address of no rendition is a 404 that writes nothing, that a rendition is made once and
 * then served from the store, and what bad pictures get.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_BUCKET } from '../../functions/lib/db/table';
import { originalObjectKey, renditionObjectKey, renditionsPrefix } from '../../functions/lib/media-keys';
import {
  animatedWebp,
  bombPng,
  cmykJpeg,
  PLANTED,
  photoJpeg,
  plantedIn,
  png16,
  truncatedJpeg,
} from '../fixtures/pictures';
import { admin, apiUrl, call, login } from './helpers';

const origin = apiUrl.replace(/\/api$/, '');
const ACCEPT = {
  chrome: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  webpOnly: 'image/webp,*/*',
  old: 'image/*,*/*;q=0.8',
};

const client = new S3Client({ endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, region: 'us-east-1' });
afterAll(() => client.destroy());

async function objectBytes(objectKey: string): Promise<Buffer | undefined> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: DEFAULT_MEDIA_BUCKET, Key: objectKey }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } catch {
    return undefined;
  }
}

async function storedRenditions(key: string): Promise<string[]> {
  const out = await client.send(
    new ListObjectsV2Command({ Bucket: DEFAULT_MEDIA_BUCKET, Prefix: renditionsPrefix(key) }),
  );
  return (out.Contents ?? []).map((o) => o.Key ?? '');
}

let token: string;
beforeAll(async () => {
  token = await login(admin.email, admin.password);
});

interface Uploaded {
  id: string;
  key: string;
  status: number;
  message: string;
}

/** Start, PUT, complete: the picture as the admin app uploads it. */
async function upload(purpose: string, contentType: string, bytes: Buffer): Promise<Uploaded> {
  const started = await call<{ _id: string; key: string; upload: { url: string; headers: Record<string, string> } }>(
    'POST',
    '/asset/upload',
    { token, body: { name: 'picture', contentType, size: bytes.length, purpose } },
  );
  if (!started.body.data) throw new Error(`upload refused: ${started.status} ${JSON.stringify(started.body)}`);
  const { _id, key, upload: signed } = started.body.data;
  const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  const completed = await call('POST', `/asset/${_id}/complete`, { token, body: {} });
  return { id: _id, key, status: completed.status, message: completed.body.message?.msg ?? '' };
}

async function get(path: string, accept?: string) {
  const res = await fetch(`${origin}${path}`, { headers: accept ? { accept } : {} });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

async function expectClean(bytes: Buffer): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.space).toBe('srgb');
  expect(plantedIn(bytes)).toEqual([]);
  expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
}

describe('a photo with EXIF (GPS, a serial number), XMP and IPTC, on its side', () => {
  let photo: Uploaded;
  beforeAll(async () => {
    photo = await upload('cover-image', 'image/jpeg', await photoJpeg(1200, 800, { orientation: 6 }));
    expect(photo.status, photo.message).toBe(200);
  });

  it('keeps the untouched upload private, and serves an upright original with none of it', async () => {
    const untouched = await objectBytes(originalObjectKey(photo.key));
    expect(untouched && plantedIn(untouched)).toEqual(expect.arrayContaining([PLANTED.serial, PLANTED.gps]));
    const { res, body } = await get(`/media/${photo.key}`);
    expect(res.status).toBe(200);
    await expectClean(body);
    expect(await sharp(body).metadata()).toMatchObject({ width: 800, height: 1200, format: 'jpeg' });
  });

  it('gives AVIF, WebP or JPEG by Accept, each clean, upright, cached a year and varying by Accept', async () => {
    for (const [accept, format, type] of [
      [ACCEPT.chrome, 'heif', 'image/avif'],
      [ACCEPT.webpOnly, 'webp', 'image/webp'],
      [ACCEPT.old, 'jpeg', 'image/jpeg'],
      [undefined, 'jpeg', 'image/jpeg'],
    ] as const) {
      const { res, body } = await get(`/media/r/w400/${photo.key}`, accept);
      expect(res.status, `${accept}`).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary')).toBe('Accept');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await sharp(body).metadata()).toMatchObject({ format, width: 400, height: 600 });
      await expectClean(body);
    }
    expect((await storedRenditions(photo.key)).sort()).toEqual(
      ['avif', 'jpeg', 'webp'].map((f) => renditionObjectKey(photo.key, f, 'w400')).sort(),
    );
  });

  it('cuts a crop at the file’s focal point only: another point’s address is a 404', async () => {
    const { res, body } = await get(`/media/r/16x9-400@50-50/${photo.key}`, ACCEPT.webpOnly);
    expect(res.status).toBe(200);
    expect(await sharp(body).metadata()).toMatchObject({ width: 400, height: 225 });
    expect((await get(`/media/r/16x9-400@30-60/${photo.key}`, ACCEPT.webpOnly)).res.status).toBe(404);
  });

  it('is made once: the second request is the stored copy', async () => {
    const path = `/media/r/w320/${photo.key}`;
    const first = await get(path, ACCEPT.webpOnly);
    expect(first.res.status).toBe(200);
    const objectKey = renditionObjectKey(photo.key, 'webp', 'w320');
    expect(await objectBytes(objectKey)).toEqual(first.body);
    // A marker in the store: the next answer is it, so nothing was made again.
    const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: { r: 0, g: 255, b: 0 } } })
      .webp()
      .toBuffer();
    await client.send(
      new PutObjectCommand({
        Bucket: DEFAULT_MEDIA_BUCKET,
        Key: objectKey,
        Body: marker,
        ContentType: 'image/webp',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    const second = await get(path, ACCEPT.webpOnly);
    expect(second.res.status).toBe(200);
    expect(second.body).toEqual(marker);
    expect(second.res.headers.get('vary')).toBe('Accept');
    await client.send(new DeleteObjectCommand({ Bucket: DEFAULT_MEDIA_BUCKET, Key: objectKey }));
  });

  it('an unknown preset, a rewritten path asked directly, or the /api path: 404, and nothing is written', async () => {
    const before = await storedRenditions(photo.key);
    for (const path of [
      `/media/r/w401/${photo.key}`,
      `/media/r/16x9-400/${photo.key}`,
      `/media/r/w400@50-50/${photo.key}`,
      `/media/r/${photo.key}/webp/w640`,
      `/media/r/w640/${photo.key.replace('cover-image', 'no-such-purpose')}`,
    ]) {
      expect((await get(path, ACCEPT.chrome)).res.status, path).toBe(404);
    }
    expect((await fetch(`${apiUrl}/media/r/${photo.key}/webp/w640`)).status).toBe(404);
    expect(await storedRenditions(photo.key)).toEqual(before);
  });

  it('a file that does not exist is a 404 that writes nothing', async () => {
    const key = 'cover-image/01jbz8y3q4m5n6p7r8s9t0v1w2.jpg';
    expect((await get(`/media/r/w640/${key}`, ACCEPT.chrome)).res.status).toBe(404);
    expect(await storedRenditions(key)).toEqual([]);
  });
});

describe('other pictures', () => {
  it('a PNG falls back to PNG, not JPEG', async () => {
    const png = await sharp({
      create: { width: 500, height: 300, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const uploaded = await upload('site-logo', 'image/png', png);
    expect(uploaded.status, uploaded.message).toBe(200);
    const { res, body } = await get(`/media/r/w320/${uploaded.key}`, ACCEPT.old);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await sharp(body).metadata()).toMatchObject({ format: 'png', width: 320, hasAlpha: true });
  });

  it('a CMYK JPEG and a 16-bit PNG are served and rendered in 8-bit sRGB', async () => {
    for (const [purpose, type, bytes] of [
      ['cover-image', 'image/jpeg', await cmykJpeg()],
      ['site-logo', 'image/png', await png16()],
    ] as const) {
      const uploaded = await upload(purpose, type, bytes);
      expect(uploaded.status, uploaded.message).toBe(200);
      for (const path of [`/media/${uploaded.key}`, `/media/r/w400/${uploaded.key}`]) {
        const { res, body } = await get(path, ACCEPT.webpOnly);
        expect(res.status, path).toBe(200);
        expect(await sharp(body).metadata(), path).toMatchObject({ space: 'srgb', depth: 'uchar' });
      }
    }
  });

  it('an animated WebP is served and rendered as its first frame', async () => {
    const uploaded = await upload('editor-image', 'image/webp', await animatedWebp());
    expect(uploaded.status, uploaded.message).toBe(200);
    for (const path of [`/media/${uploaded.key}`, `/media/r/w320/${uploaded.key}`]) {
      const { body } = await get(path, ACCEPT.webpOnly);
      const meta = await sharp(body).metadata();
      expect(meta.pages ?? 1, path).toBe(1);
      const [red] = (await sharp(body).stats()).channels.map((c) => c.mean);
      expect(red).toBeGreaterThan(240);
    }
  });

  it('a decompression bomb and a truncated JPEG are refused at upload, with a sentence', async () => {
    const bomb = await upload('site-logo', 'image/png', bombPng());
    expect(bomb.status).not.toBe(200);
    expect(bomb.message).toMatch(/Too many pixels: 50,000 × 50,000 is over the 60-megapixel limit/);
    expect((await get(`/media/r/w400/${bomb.key}`, ACCEPT.chrome)).res.status).toBe(404);
    const cut = await upload('cover-image', 'image/jpeg', await truncatedJpeg());
    expect(cut.status).not.toBe(200);
    expect(cut.message).toMatch(/damaged or incomplete/);
  });
});
