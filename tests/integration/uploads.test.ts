import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAsset, insertAsset } from '../../functions/asset/model';
import { requireVerifiedAssets } from '../../functions/asset/references';
import { DEFAULT_MEDIA_BUCKET } from '../../functions/lib/db/table';
import { newId } from '../../functions/lib/ids';
import { originalObjectKey, publishedObjectKey, uploadObjectKey } from '../../functions/lib/media-keys';
import { cleanOriginal } from '../../functions/media-render/images';
import { sweepUnclaimedMedia } from '../../functions/media-sweeper/handler';
import { png } from '../fixtures/png';
import { actorWith } from './factories';
import { admin, apiUrl, call, errorText, login } from './helpers';

const origin = apiUrl.replace(/\/api$/, '');
const scratch = mkdtempSync(join(tmpdir(), 'admin-portal-upload-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PNG = png(12, 9, [20, 120, 200]);
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
async function objectBytes(objectKey: string): Promise<Buffer> {
  const client = s3();
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: DEFAULT_MEDIA_BUCKET, Key: objectKey }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } finally {
    client.destroy();
  }
}

async function objectExists(objectKey: string): Promise<boolean> {
  const client = s3();
  try {
    await client.send(new HeadObjectCommand({ Bucket: DEFAULT_MEDIA_BUCKET, Key: objectKey }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

async function objectText(objectKey: string): Promise<string> {
  const client = s3();
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: DEFAULT_MEDIA_BUCKET, Key: objectKey }));
    return (await object.Body?.transformToString()) ?? '';
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
    expect(res.body.data?.upload.url).toContain(`${origin}/s3/${DEFAULT_MEDIA_BUCKET}/uploads/cover-image/`);
    expect(res.body.data?.upload.headers).toEqual({ 'content-type': 'image/png' });
    const signed = new URL(res.body.data?.upload.url ?? '');
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(signed.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
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

/** What the check publishes of a picture: the same code the asset Lambda runs. */
async function cleaned(bytes: Buffer): Promise<Buffer> {
  const result = await cleanOriginal(bytes, 'image/png');
  if (!result.ok) throw new Error(result.reason);
  return result.body;
}

describe('completing and verifying', () => {
  it('verifies a real PNG, serves it at /media and reports it by id', async () => {
    const { id, key, completed } = await uploadSmall('cover-image', 'image/png', PNG);
    expect(completed.status).toBe(200);
    expect(completed.body.data).toEqual({ _id: id, key, name: 'file.bin', url: `/media/${key}` });
    // Served: the picture cleaned (decoded, no metadata, written again); kept apart: the upload, byte for byte.
    const media = await fetch(`${origin}/media/${key}`);
    const served = Buffer.from(await media.arrayBuffer());
    expect(served).toEqual(await cleaned(PNG));
    expect(await objectBytes(originalObjectKey(key))).toEqual(PNG);
    expect(media.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(await objectExists(uploadObjectKey(key))).toBe(false);
    expect(await objectExists(publishedObjectKey(key))).toBe(true);
    const info = await call('GET', `/asset/${id}`, { token });
    expect(info.body.data).toMatchObject({
      status: 'verified',
      size: served.length,
      type: 'image/png',
      width: 12,
      height: 9,
    });
    await expect(requireVerifiedAssets([id], ['cover-image'])).resolves.toBeInstanceOf(Map);
    await expect(requireVerifiedAssets([id], ['epaper-pdf'])).rejects.toThrow(/another use/);
  });

  it('rejects and deletes a file whose real size is over the limit although it declared a small one', async () => {
    // The presigned PUT signs the declared length, so S3 refuses the bigger body; should a file of another size
    // arrive all the same (a multipart upload, a misbehaving store), the check after upload still catches it.
    const big = Buffer.concat([PNG, Buffer.alloc(3 * MB + 10, 1)]);
    const started = await start({ name: 'big.png', contentType: 'image/png', size: 1000, purpose: 'cover-image' });
    const { _id: id, key, upload } = started.body.data as Started;
    expect((await put(upload.url ?? '', big, upload.headers)).status).toBe(403);
    const client = s3();
    await client.send(new PutObjectCommand({ Bucket: DEFAULT_MEDIA_BUCKET, Key: uploadObjectKey(key), Body: big }));
    client.destroy();
    const completed = await call('POST', `/asset/${id}/complete`, { token, body: {} });
    expect(completed.status).toBe(400);
    expect(errorText(completed)).toBe('UploadRejected: Too large: the file is over the 3 MB limit');
    expect(await objectExists(uploadObjectKey(key))).toBe(false);
    expect(await objectExists(publishedObjectKey(key))).toBe(false);
    expect((await getAsset(id))?.status).toBe('rejected');
    await expect(requireVerifiedAssets([id])).rejects.toThrow(/not verified/);
  });

  it('rejects a .png that is really a PDF', async () => {
    const { key, completed } = await uploadSmall('cover-image', 'image/png', PDF);
    expect(completed.status).toBe(400);
    expect(errorText(completed)).toBe('UploadRejected: Failed verification: the content is PDF, not PNG');
    expect(await objectExists(uploadObjectKey(key))).toBe(false);
    expect(await objectExists(publishedObjectKey(key))).toBe(false);
  });

  it.each([
    ['<html><svg></svg></html>', 'The file is not an SVG image'],
    ['<svg><rect/></svg>', 'The file is not an SVG image'],
    [
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      'SVG files with a DOCTYPE or entities are not allowed',
    ],
    ['<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', 'The file is not a well-formed SVG image'],
  ])('rejects a file that is not a plain SVG document: %s', async (svg, reason) => {
    const { key, completed } = await uploadSmall('site-logo', 'image/svg+xml', Buffer.from(svg));
    expect(completed.status).toBe(400);
    expect(errorText(completed)).toBe(`UploadRejected: Failed verification: ${reason}`);
    expect(await objectExists(publishedObjectKey(key))).toBe(false);
  });

  const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1"/></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect onclick="alert(1)"/></svg>'],
    [
      'a namespaced script',
      '<svg xmlns="http://www.w3.org/2000/svg"><x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script></svg>',
    ],
    [
      'an entity-encoded javascript: link',
      `<svg xmlns="http://www.w3.org/2000/svg" ${XLINK}><a xlink:href="&#106;avascript:alert(1)"><rect width="9"/></a></svg>`,
    ],
    [
      'a <set> that adds a handler',
      '<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="onmouseover" to="alert(1)"/></svg>',
    ],
    [
      'CDATA markup',
      '<svg xmlns="http://www.w3.org/2000/svg"><text><![CDATA[<script>alert(1)</script>]]></text></svg>',
    ],
    [
      'an external <use>',
      `<svg xmlns="http://www.w3.org/2000/svg" ${XLINK}><use xlink:href="https://evil.example/x.svg#a"/></svg>`,
    ],
    [
      'CSS url(javascript:)',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(javascript:alert(1))"/></svg>',
    ],
    [
      'a <style> import',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/x.css);</style></svg>',
    ],
    [
      'embedded HTML',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject></svg>',
    ],
  ])('stores an SVG with %s only as its cleaned drawing, downloaded when opened', async (_, svg) => {
    const { key, completed } = await uploadSmall('site-logo', 'image/svg+xml', Buffer.from(svg));
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const stored = await objectText(publishedObjectKey(key));
    expect(stored).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(stored).not.toMatch(/<script|javascript|\son\w+=|<set|<foreignObject|<iframe|evil\.example|@import/i);
    const served = await fetch(`${origin}/media/${key}`);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(await served.text()).toBe(stored);
  });

  it('accepts a plain SVG drawing and keeps its drawing', async () => {
    const svg =
      '<?xml version="1.0"?>\n<!-- logo --><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
    const { key, completed } = await uploadSmall('site-logo', 'image/svg+xml', Buffer.from(svg));
    expect(completed.status).toBe(200);
    expect(await objectText(publishedObjectKey(key))).toContain('<rect width="10" height="10"');
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

describe('files cannot change after their check', () => {
  const HTML = Buffer.from('<html><script>window.__stolen = localStorage.token</script></html>');

  it('keeps serving the checked bytes when the presigned URL is used again after verification', async () => {
    const started = await start({ name: 'a.png', contentType: 'image/png', size: PNG.length, purpose: 'cover-image' });
    const { _id: id, key, upload } = started.body.data as Started;
    expect((await put(upload.url ?? '', PNG, upload.headers)).status).toBe(200);
    expect((await call('POST', `/asset/${id}/complete`, { token, body: {} })).status).toBe(200);

    // The same URL, still within its five minutes: HTML of the declared length with the signed type lands in
    // uploads/ (never served); other types or lengths are refused by the signature.
    const sameLength = Buffer.concat([HTML, Buffer.alloc(PNG.length - HTML.length, 32)]);
    expect((await put(upload.url ?? '', sameLength, upload.headers)).status).toBe(200);
    expect((await put(upload.url ?? '', HTML, upload.headers)).status).toBe(403);
    expect((await put(upload.url ?? '', sameLength, { 'content-type': 'text/html' })).status).toBe(403);
    // Completing again is a no-op: the checked copy is not rewritten.
    expect((await call('POST', `/asset/${id}/complete`, { token, body: {} })).status).toBe(200);

    const served = await fetch(`${origin}/media/${key}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await cleaned(PNG));
  });

  it('never serves an upload that was not completed and checked, and sweeps its record after a day', async () => {
    const before = Math.floor(Date.now() / 1000);
    const started = await start({ name: 'b.png', contentType: 'image/png', size: HTML.length, purpose: 'cover-image' });
    const { _id: id, key, upload } = started.body.data as Started;
    expect((await put(upload.url ?? '', HTML, upload.headers)).status).toBe(200);
    expect(await objectExists(uploadObjectKey(key))).toBe(true);
    expect((await fetch(`${origin}/media/${key}`)).status).toBe(404);
    expect((await fetch(`${origin}/media/../uploads/${key}`)).status).not.toBe(200);
    const pending = await getAsset(id);
    expect(pending?.expiresAt).toBeGreaterThanOrEqual(before + 24 * 3600);
    expect(pending?.expiresAt).toBeLessThanOrEqual(before + 24 * 3600 + 60);

    const { id: verifiedId } = await uploadSmall('cover-image', 'image/png', PNG);
    expect((await getAsset(verifiedId))?.expiresAt).toBeUndefined();
  });

  it('refuses unsigned, tampered and misdirected requests on the local /s3 proxy, as S3 would', async () => {
    const { key } = await uploadSmall('cover-image', 'image/png', PNG);
    const bucketPath = `${origin}/s3/${DEFAULT_MEDIA_BUCKET}`;
    const refused = async (url: string, init: RequestInit) => {
      const res = await fetch(url, init);
      expect([400, 403], `${init.method} ${url}`).toContain(res.status);
      expect(await res.text()).toMatch(
        /<Error><Code>(AccessDenied|SignatureDoesNotMatch|AuthorizationQueryParametersError)<\/Code>/,
      );
    };
    // Unsigned writes and deletes of the checked copy, of an upload, and reads.
    await refused(`${bucketPath}/media/${key}`, {
      method: 'PUT',
      body: HTML,
      headers: { 'content-type': 'text/html' },
    });
    await refused(`${bucketPath}/media/${key}`, { method: 'DELETE' });
    await refused(`${bucketPath}/uploads/${key}`, { method: 'PUT', body: HTML });
    await refused(`${bucketPath}/uploads/${key}`, { method: 'DELETE' });
    await refused(`${bucketPath}/media/${key}`, { method: 'GET' });

    // A valid signature for one upload, used for another key or another method.
    const started = await start({ name: 'c.png', contentType: 'image/png', size: PNG.length, purpose: 'cover-image' });
    const signed = new URL((started.body.data as Started).upload.url ?? '');
    const elsewhere = new URL(signed);
    elsewhere.pathname = `/s3/${DEFAULT_MEDIA_BUCKET}/uploads/${key}`;
    await refused(elsewhere.href, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
    await refused(signed.href, { method: 'DELETE' });
    const tampered = new URL(signed);
    tampered.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    await refused(tampered.href, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
    const longer = new URL(signed);
    longer.searchParams.set('X-Amz-Expires', '604800');
    await refused(longer.href, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });

    // Nothing of that reached the store: the checked file is still there and unchanged.
    const served = await fetch(`${origin}/media/${key}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await cleaned(PNG));
  });
});

describe('checked files that no record references', () => {
  const DAY = 24 * 60 * 60 * 1000;

  /** A file checked `ageMs` ago that nothing references yet, as completeUpload leaves it (record and object). */
  async function checkedFile(ageMs: number, purpose: 'category-image' | 'editor-image' = 'category-image') {
    const id = newId();
    const key = `${purpose}/${id.toLowerCase()}.png`;
    const at = new Date(Date.now() - ageMs).toISOString();
    await insertAsset({
      _id: id,
      key,
      name: 'old.png',
      contentType: 'image/png',
      purpose,
      declaredSize: PNG.length,
      size: PNG.length,
      status: 'verified',
      owner: newId(),
      createdAt: at,
      updatedAt: at,
      version: 2,
    });
    const client = s3();
    await client.send(new PutObjectCommand({ Bucket: DEFAULT_MEDIA_BUCKET, Key: publishedObjectKey(key), Body: PNG }));
    client.destroy();
    return { id, key };
  }

  it('are deleted a day after their check; referenced ones, recent ones and editor images stay', async () => {
    const stale = await checkedFile(DAY + 60_000);
    const referenced = await checkedFile(DAY + 60_000);
    const recent = await checkedFile(DAY - 60 * 60_000);
    const editorImage = await checkedFile(2 * DAY, 'editor-image');
    const category = await call('POST', '/category/create', {
      token,
      body: { name: `Swept ${Date.now()}`, image: referenced.id },
    });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    expect((await getAsset(referenced.id))?.claimed).toBe(true);

    const result = await sweepUnclaimedMedia();
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await getAsset(stale.id)).toBeUndefined();
    expect(await objectExists(publishedObjectKey(stale.key))).toBe(false);
    expect((await fetch(`${origin}/media/${stale.key}`)).status).toBe(404);
    for (const kept of [referenced, recent, editorImage]) {
      expect(await getAsset(kept.id), kept.key).toBeDefined();
      expect((await fetch(`${origin}/media/${kept.key}`)).status, kept.key).toBe(200);
    }
  });

  it('refuses a record naming a file swept before it was saved', async () => {
    const swept = await checkedFile(DAY + 60_000);
    await sweepUnclaimedMedia();
    const late = await call('POST', '/category/create', {
      token,
      body: { name: `Late ${Date.now()}`, image: swept.id },
    });
    expect(late.status).toBe(400);
    expect(errorText(late)).toBe('ValidationError: A referenced file is missing or not verified');
  });

  it('marks a freshly checked upload as unclaimed until a record references it', async () => {
    const { id } = await uploadSmall('category-image', 'image/png', PNG);
    expect((await getAsset(id))?.claimed).toBeUndefined();
    const category = await call('POST', '/category/create', {
      token,
      body: { name: `Claim ${Date.now()}`, image: id },
    });
    expect(category.status).toBe(201);
    expect((await getAsset(id))?.claimed).toBe(true);
  });
});
