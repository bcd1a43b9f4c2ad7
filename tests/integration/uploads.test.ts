import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireVerifiedAssets } from '../../functions/asset/references';
import { getAsset } from '../../functions/asset/repo';
import { DEFAULT_MEDIA_BUCKET } from '../../functions/lib/db/table';
import { actorWith, admin, apiUrl, call, errorText, login } from './helpers';

const origin = apiUrl.replace(/\/api$/, '');
const scratch = mkdtempSync(join(tmpdir(), 'admin-portal-upload-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 32)]);
const MB = 1024 * 1024;

type Started = {
  _id: string;
  key: string;
  upload: {
    method?: 'PUT';
    url?: string;
    headers?: Record<string, string>;
    multipart?: { partSize: number; partCount: number };
  };
};

let token: string;
beforeAll(async () => {
  token = await login(admin.email, admin.password);
});

async function start(body: Record<string, unknown>, as = token) {
  return call<Started>('POST', '/asset/upload', { token: as, body });
}

/** PUTs bytes (or a file range, streamed) to a presigned URL, as a browser would; returns status and ETag. */
function put(
  url: string,
  body: Buffer | { file: string; start: number; end: number },
  headers: Record<string, string> = {},
) {
  return new Promise<{ status: number; etag: string }>((resolve, reject) => {
    const length = Buffer.isBuffer(body) ? body.length : body.end - body.start + 1;
    const req = request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? '') }));
    });
    req.on('error', reject);
    if (Buffer.isBuffer(body)) req.end(body);
    else createReadStream(body.file, { start: body.start, end: body.end }).pipe(req);
  });
}

async function uploadSmall(purpose: string, contentType: string, bytes: Buffer, declaredSize = bytes.length) {
  const started = await start({ name: 'file.bin', contentType, size: declaredSize, purpose });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { upload, _id } = started.body.data as Started;
  expect((await put(upload.url ?? '', bytes, upload.headers)).status).toBe(200);
  return {
    id: _id,
    key: (started.body.data as Started).key,
    completed: await call('POST', `/asset/${_id}/complete`, { token, body: {} }),
  };
}

const s3 = () => new S3Client({ endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, region: 'us-east-1' });
async function objectExists(key: string): Promise<boolean> {
  const client = s3();
  try {
    await client.send(new HeadObjectCommand({ Bucket: DEFAULT_MEDIA_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

describe('starting an upload', () => {
  it('signs a PUT through the gateway for a small file, with a server-made key', async () => {
    const res = await start({
      name: '../../etc/passwd.png',
      contentType: 'image/png',
      size: 1000,
      purpose: 'cover-image',
    });
    expect(res.status).toBe(201);
    expect(res.body.data?.key).toMatch(/^cover-image\/[0-9a-z]{26}\.png$/);
    expect(res.body.data?.upload.url).toContain(`${origin}/s3/`);
    expect(res.body.data?.upload.headers).toEqual({ 'content-type': 'image/png' });
  });

  it.each([
    [
      { contentType: 'application/pdf', size: 10, purpose: 'cover-image' },
      'ValidationError: Wrong file type: PNG, JPG, WEBP, SVG only',
    ],
    [{ contentType: 'image/webp', size: 10, purpose: 'ad-image' }, 'ValidationError: Wrong file type: PNG, JPG only'],
    [
      { contentType: 'image/png', size: 3 * MB + 1, purpose: 'cover-image' },
      'ValidationError: Too large: at most 3 MB',
    ],
    [
      { contentType: 'application/pdf', size: 31 * MB, purpose: 'epaper-pdf' },
      'ValidationError: Too large: at most 30 MB',
    ],
    [{ contentType: 'video/mp4', size: 1025 * MB, purpose: 'video' }, 'ValidationError: Too large: at most 1 GB'],
    [
      { contentType: 'image/gif', size: 10, purpose: 'cover-image' },
      'ValidationError: This type of file cannot be uploaded',
    ],
    [{ contentType: 'image/png', size: 10, purpose: 'avatar' }, 'ValidationError: Unknown upload purpose'],
    [{ contentType: 'image/png', size: 0, purpose: 'cover-image' }, 'ValidationError: The file is empty'],
  ])('refuses %o before signing anything', async (body, message) => {
    const res = await start({ name: 'x', ...body });
    expect(res.status).toBe(400);
    expect(errorText(res)).toBe(message);
  });
});

describe('completing and verifying', () => {
  it('verifies a real PNG, serves it at /media and reports it by id', async () => {
    const { id, key, completed } = await uploadSmall('cover-image', 'image/png', PNG);
    expect(completed.status).toBe(200);
    expect(completed.body.data).toEqual({ _id: id, key, name: 'file.bin', url: `/media/${key}` });
    const media = await fetch(`${origin}/media/${key}`);
    expect(Buffer.from(await media.arrayBuffer())).toEqual(PNG);
    const info = await call('GET', `/asset/${id}`, { token });
    expect(info.body.data).toMatchObject({ status: 'verified', size: PNG.length, type: 'image/png' });
    await expect(requireVerifiedAssets([id], ['cover-image'])).resolves.toBeInstanceOf(Map);
    await expect(requireVerifiedAssets([id], ['epaper-pdf'])).rejects.toThrow(/another use/);
  });

  it('rejects and deletes a file whose real size is over the limit although it declared a small one', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(3 * MB + 10, 1)]);
    const { id, key, completed } = await uploadSmall('cover-image', 'image/png', big, 1000);
    expect(completed.status).toBe(400);
    expect(errorText(completed)).toBe('UploadRejected: Too large: the file is over the 3 MB limit');
    expect(await objectExists(key)).toBe(false);
    expect((await getAsset(id))?.status).toBe('rejected');
    await expect(requireVerifiedAssets([id])).rejects.toThrow(/not verified/);
  });

  it('rejects a .png that is really a PDF', async () => {
    const { key, completed } = await uploadSmall('cover-image', 'image/png', PDF);
    expect(completed.status).toBe(400);
    expect(errorText(completed)).toBe('UploadRejected: Failed verification: the content is PDF, not PNG');
    expect(await objectExists(key)).toBe(false);
  });

  it.each([
    [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'SVG files with scripts are not allowed',
    ],
    [
      '<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)"/></svg>',
      'SVG files with event handlers are not allowed',
    ],
    ['<html><svg></svg></html>', 'The file is not an SVG image'],
    ['<!DOCTYPE svg [<!ENTITY x "y">]><svg/>', 'SVG files with entity declarations are not allowed'],
  ])('rejects an unsafe SVG: %s', async (svg, reason) => {
    const { completed } = await uploadSmall('site-logo', 'image/svg+xml', Buffer.from(svg));
    expect(completed.status).toBe(400);
    expect(errorText(completed)).toBe(`UploadRejected: Failed verification: ${reason}`);
  });

  it('accepts a plain SVG drawing', async () => {
    const svg =
      '<?xml version="1.0"?>\n<!-- logo --><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
    const { completed } = await uploadSmall('site-logo', 'image/svg+xml', Buffer.from(svg));
    expect(completed.status).toBe(200);
  });

  it('lets only the uploader (or Edit on Asset) complete or abort, and says when the file has not arrived', async () => {
    const started = await start({ name: 'x.png', contentType: 'image/png', size: PNG.length, purpose: 'cover-image' });
    const id = started.body.data?._id;
    const stranger = await actorWith({ Cms: ['Write'] });
    expect((await call('POST', `/asset/${id}/complete`, { token: stranger.token, body: {} })).status).toBe(403);
    expect((await call('DELETE', `/asset/${id}/upload`, { token: stranger.token })).status).toBe(403);
    const early = await call('POST', `/asset/${id}/complete`, { token, body: {} });
    expect(errorText(early)).toBe('ValidationError: The file has not arrived yet: upload it, then complete');
    const mediaEditor = await actorWith({ Asset: ['Edit'] });
    const aborted = await call('DELETE', `/asset/${id}/upload`, { token: mediaEditor.token });
    expect(aborted.body.data).toEqual({ _id: id, status: 'aborted' });
    expect((await call('POST', `/asset/${id}/complete`, { token, body: {} })).status).toBe(409);
  });
});

describe('multipart', () => {
  it('uploads a 120 MB video in parts streamed from disk, then verifies it', async () => {
    const size = 120 * MB;
    const file = join(scratch, 'video.mp4');
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(file);
      out.on('error', reject);
      out.write(Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'));
      let written = 24;
      const chunk = Buffer.alloc(MB, 0);
      const more = () => {
        while (written < size) {
          const piece = chunk.subarray(0, Math.min(MB, size - written));
          written += piece.length;
          if (!out.write(piece)) return out.once('drain', more);
        }
        out.end(resolve);
      };
      more();
    });

    const started = await start({ name: 'clip.mp4', contentType: 'video/mp4', size, purpose: 'video' });
    expect(started.status).toBe(201);
    const { _id: id, upload } = started.body.data as Started;
    const plan = upload.multipart;
    expect(plan).toMatchObject({ partSize: 16 * MB, partCount: 8 });
    if (!plan) throw new Error('no multipart plan');

    const beyond = await call('POST', `/asset/${id}/parts`, { token, body: { partNumbers: [1, plan.partCount + 1] } });
    expect(beyond.status).toBe(400);
    expect(errorText(beyond)).toBe(`ValidationError: Part ${plan.partCount + 1} is outside this upload's 8 parts`);

    const numbers = Array.from({ length: plan.partCount }, (_, i) => i + 1);
    const signed = await call<{ parts: { partNumber: number; url: string }[] }>('POST', `/asset/${id}/parts`, {
      token,
      body: { partNumbers: numbers },
    });
    const parts: { partNumber: number; etag: string }[] = [];
    for (const part of signed.body.data?.parts ?? []) {
      const startByte = (part.partNumber - 1) * plan.partSize;
      const endByte = Math.min(size, startByte + plan.partSize) - 1;
      const res = await put(part.url, { file, start: startByte, end: endByte });
      expect(res.status).toBe(200);
      parts.push({ partNumber: part.partNumber, etag: res.etag });
    }

    const missing = await call('POST', `/asset/${id}/complete`, { token, body: { parts: parts.slice(1) } });
    expect(missing.status).toBe(400);
    const done = await call('POST', `/asset/${id}/complete`, { token, body: { parts } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const info = await call('GET', `/asset/${id}`, { token });
    expect(info.body.data).toMatchObject({ status: 'verified', size, type: 'video/mp4' });
  }, 120_000);
});
