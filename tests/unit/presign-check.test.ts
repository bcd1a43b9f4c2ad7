import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type PresignedRequest,
  type PresignVerdict,
  s3ErrorXml,
  verifyPresigned,
} from '../../infra/local/presign-check';
import { S3RVER_CREDENTIALS } from '../../infra/local/s3';

const REGION = 'us-east-1';
const BUCKET = 'media';
const KEY = 'uploads/01J/photo.png';
const SIGNED_AT = new Date('2026-03-10T12:00:00Z');
const EXPIRES = 900;
const IN_TIME = new Date(SIGNED_AT.getTime() + 60_000);
const PNG = { 'content-type': 'image/png', 'content-length': '1234' };

const clients: S3Client[] = [];

/** Signs like s3ForBrowsers() does locally: path-style, through the gateway's /s3 prefix. */
function browserClient(credentials = S3RVER_CREDENTIALS, extra: Partial<S3ClientConfig> = {}): S3Client {
  const client = new S3Client({
    endpoint: 'http://localhost:3000/s3',
    forcePathStyle: true,
    region: REGION,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...extra,
  });
  clients.push(client);
  return client;
}

afterAll(() => {
  for (const client of clients) client.destroy();
});

const client = browserClient();

/** The same options the API should use for a single PUT: content-type is only signed when asked for. */
const SIGN_TYPE_AND_LENGTH = { signableHeaders: new Set(['content-type', 'content-length']) };

const presignPut = (key = KEY, options: { expiresIn?: number; on?: S3Client } = {}) =>
  getSignedUrl(
    options.on ?? client,
    new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: 'image/png', ContentLength: 1234 }),
    { expiresIn: options.expiresIn ?? EXPIRES, signingDate: SIGNED_AT, ...SIGN_TYPE_AND_LENGTH },
  );

const presignPart = () =>
  getSignedUrl(client, new UploadPartCommand({ Bucket: BUCKET, Key: KEY, UploadId: 'up/+=1', PartNumber: 3 }), {
    expiresIn: EXPIRES,
    signingDate: SIGNED_AT,
  });

const presignGet = () =>
  getSignedUrl(client, new GetObjectCommand({ Bucket: BUCKET, Key: KEY }), {
    expiresIn: EXPIRES,
    signingDate: SIGNED_AT,
  });

const presignDelete = () =>
  getSignedUrl(client, new DeleteObjectCommand({ Bucket: BUCKET, Key: KEY }), {
    expiresIn: EXPIRES,
    signingDate: SIGNED_AT,
  });

/** What the gateway sees: it parses req.url against a fixed base, and the browser sends the signed origin as host. */
function browserRequest(signedUrl: string, method: string, headers: Record<string, string> = {}): PresignedRequest {
  const sent = new URL(signedUrl);
  return {
    method,
    url: new URL(`${sent.pathname}${sent.search}`, 'http://localhost'),
    headers: { host: 'localhost:3000', ...headers },
  };
}

const verify = (req: PresignedRequest, now = IN_TIME, maxExpiresSeconds?: number): PresignVerdict =>
  verifyPresigned(req, S3RVER_CREDENTIALS, { region: REGION, now, maxExpiresSeconds });

const withQuery = (signedUrl: string, name: string, value: string) => {
  const url = new URL(signedUrl);
  url.searchParams.set(name, value);
  return url.toString();
};

const refusedWith = (code: string, reason?: string) =>
  expect.objectContaining({ ok: false, code, ...(reason ? { reason } : {}) });

describe('what the presigner signs', () => {
  it('signs content-length but not content-type by default', async () => {
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: BUCKET, Key: KEY, ContentType: 'image/png', ContentLength: 1234 }),
      { expiresIn: EXPIRES, signingDate: SIGNED_AT },
    );
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect(verify(browserRequest(url, 'PUT', PNG))).toEqual({ ok: true });
  });

  it('signs content-type too with signableHeaders', async () => {
    expect(new URL(await presignPut()).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host',
    );
  });

  it('puts the /s3 prefix in the signed path', async () => {
    expect(new URL(await presignPut()).pathname).toBe(`/s3/${BUCKET}/${KEY}`);
  });
});

describe('verifyPresigned accepts', () => {
  it('a presigned PUT with the signed content-type and content-length', async () => {
    expect(verify(browserRequest(await presignPut(), 'PUT', PNG))).toEqual({ ok: true });
  });

  it('a presigned multipart part', async () => {
    expect(verify(browserRequest(await presignPart(), 'PUT', { 'content-length': '5242880' }))).toEqual({ ok: true });
  });

  it('a presigned GET and DELETE', async () => {
    expect(verify(browserRequest(await presignGet(), 'GET'))).toEqual({ ok: true });
    expect(verify(browserRequest(await presignDelete(), 'DELETE'))).toEqual({ ok: true });
  });

  it('up to the last second of its lifetime', async () => {
    const lastSecond = new Date(SIGNED_AT.getTime() + EXPIRES * 1000);
    expect(verify(browserRequest(await presignPut(), 'PUT', PNG), lastSecond)).toEqual({ ok: true });
  });

  it('unsigned headers that are not x-amz-*', async () => {
    const req = browserRequest(await presignPut(), 'PUT', { ...PNG, origin: 'http://localhost:3000', accept: '*/*' });
    expect(verify(req)).toEqual({ ok: true });
  });

  it.each([
    'a file with spaces.png',
    'ünïcødé/日本語 ファイル.jpg',
    'plus+sign+and%percent.png',
    "odd !*'()[]$&,;=@:~ chars.png",
    'double//slash/trailing/',
  ])('keys that need encoding: %s', async (key) => {
    expect(verify(browserRequest(await presignPut(key), 'PUT', PNG))).toEqual({ ok: true });
  });
});

describe('verifyPresigned refuses', () => {
  it('an unsigned PUT and an unsigned DELETE', () => {
    const put = browserRequest(`http://localhost:3000/s3/${BUCKET}/${KEY}`, 'PUT', PNG);
    const del = browserRequest(`http://localhost:3000/s3/${BUCKET}/${KEY}`, 'DELETE');
    const unsigned = { ok: false, status: 403, code: 'AccessDenied', reason: 'Request is not signed' };
    expect(verify(put)).toEqual(unsigned);
    expect(verify(del)).toEqual(unsigned);
  });

  it('a signature changed by one character', async () => {
    const url = await presignPut();
    const signature = new URL(url).searchParams.get('X-Amz-Signature') ?? '';
    const changed = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(verify(browserRequest(withQuery(url, 'X-Amz-Signature', changed), 'PUT', PNG))).toEqual(
      refusedWith('SignatureDoesNotMatch'),
    );
  });

  it('a signature that is not hex', async () => {
    const url = withQuery(await presignPut(), 'X-Amz-Signature', 'not-a-signature');
    expect(verify(browserRequest(url, 'PUT', PNG))).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('another key with the same query', async () => {
    const url = new URL(await presignPut());
    url.pathname = `/s3/${BUCKET}/uploads/01J/other.png`;
    expect(verify(browserRequest(url.toString(), 'PUT', PNG))).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('another bucket, or the path without the /s3 prefix', async () => {
    const url = new URL(await presignPut());
    const elsewhere = new URL(url);
    elsewhere.pathname = `/s3/other-bucket/${KEY}`;
    const unprefixed = new URL(url);
    unprefixed.pathname = `/${BUCKET}/${KEY}`;
    expect(verify(browserRequest(elsewhere.toString(), 'PUT', PNG))).toEqual(refusedWith('SignatureDoesNotMatch'));
    expect(verify(browserRequest(unprefixed.toString(), 'PUT', PNG))).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('a PUT URL used for DELETE, and a GET URL used for PUT', async () => {
    expect(verify(browserRequest(await presignPut(), 'DELETE', PNG))).toEqual(refusedWith('SignatureDoesNotMatch'));
    expect(verify(browserRequest(await presignGet(), 'PUT', PNG))).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('a content-type other than the signed one, or none', async () => {
    const url = await presignPut();
    const html = browserRequest(url, 'PUT', { ...PNG, 'content-type': 'text/html' });
    const { 'content-type': _, ...untyped } = PNG;
    expect(verify(html)).toEqual(refusedWith('SignatureDoesNotMatch'));
    expect(verify(browserRequest(url, 'PUT', untyped))).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('a content-length other than the signed one', async () => {
    const req = browserRequest(await presignPut(), 'PUT', { ...PNG, 'content-length': '999999999' });
    expect(verify(req)).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('another host than the signed one', async () => {
    const req = browserRequest(await presignPut(), 'PUT', { ...PNG, host: 'evil.example:3000' });
    expect(verify(req)).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('a changed multipart upload id or part number', async () => {
    const url = await presignPart();
    const otherUpload = browserRequest(withQuery(url, 'uploadId', 'someone-else'), 'PUT');
    const otherPart = browserRequest(withQuery(url, 'partNumber', '4'), 'PUT');
    expect(verify(otherUpload)).toEqual(refusedWith('SignatureDoesNotMatch'));
    expect(verify(otherPart)).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('an added query parameter', async () => {
    const req = browserRequest(withQuery(await presignPut(), 'acl', ''), 'PUT', PNG);
    expect(verify(req)).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('an expired URL', async () => {
    const late = new Date(SIGNED_AT.getTime() + (EXPIRES + 1) * 1000);
    expect(verify(browserRequest(await presignPut(), 'PUT', PNG), late)).toEqual({
      ok: false,
      status: 403,
      code: 'AccessDenied',
      reason: 'Request has expired',
    });
  });

  it('a URL dated more than 15 minutes ahead', async () => {
    const early = new Date(SIGNED_AT.getTime() - 16 * 60_000);
    expect(verify(browserRequest(await presignPut(), 'PUT', PNG), early)).toEqual(refusedWith('AccessDenied'));
  });

  it('an X-Amz-Expires made longer', async () => {
    const url = withQuery(await presignPut(), 'X-Amz-Expires', '604800');
    const late = new Date(SIGNED_AT.getTime() + (EXPIRES + 1) * 1000);
    expect(verify(browserRequest(url, 'PUT', PNG), late)).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('an X-Amz-Expires over a week, not a number, or over the local limit', async () => {
    const url = await presignPut();
    for (const expires of ['604801', '0', '-5', '1e3', '']) {
      const req = browserRequest(withQuery(url, 'X-Amz-Expires', expires), 'PUT', PNG);
      expect(verify(req)).toEqual(expect.objectContaining({ ok: false, status: 400 }));
    }
    const long = await presignPut(KEY, { expiresIn: 3600 });
    expect(verify(browserRequest(long, 'PUT', PNG), IN_TIME, 900)).toEqual(
      refusedWith('AuthorizationQueryParametersError'),
    );
  });

  it('a URL signed with another secret', async () => {
    const forger = browserClient({ accessKeyId: 'S3RVER', secretAccessKey: 'guessed' });
    const req = browserRequest(await presignPut(KEY, { on: forger }), 'PUT', PNG);
    expect(verify(req)).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  it('a URL signed with another access key', async () => {
    const stranger = browserClient({ accessKeyId: 'AKIAOTHER', secretAccessKey: 'S3RVER' });
    const req = browserRequest(await presignPut(KEY, { on: stranger }), 'PUT', PNG);
    expect(verify(req)).toEqual(refusedWith('InvalidAccessKeyId'));
  });

  it('a URL signed for another region', async () => {
    const elsewhere = browserClient(S3RVER_CREDENTIALS, { region: 'eu-west-1' });
    const req = browserRequest(await presignPut(KEY, { on: elsewhere }), 'PUT', PNG);
    expect(verify(req)).toEqual(refusedWith('AuthorizationQueryParametersError'));
  });

  it('a credential whose day is not the day of X-Amz-Date', async () => {
    const url = await presignPut();
    const credential = new URL(url).searchParams.get('X-Amz-Credential') ?? '';
    const req = browserRequest(
      withQuery(url, 'X-Amz-Credential', credential.replace('20260310', '20260309')),
      'PUT',
      PNG,
    );
    expect(verify(req)).toEqual(refusedWith('AuthorizationQueryParametersError'));
  });

  it('a missing, repeated or different auth parameter', async () => {
    const url = await presignPut();
    const missing = new URL(url);
    missing.searchParams.delete('X-Amz-SignedHeaders');
    const repeated = new URL(url);
    repeated.searchParams.append('X-Amz-Expires', '604800');
    const sigV2 = withQuery(url, 'X-Amz-Algorithm', 'AWS4-HMAC-SHA1');
    const badDate = withQuery(url, 'X-Amz-Date', '20260231T120000Z');
    for (const bad of [missing.toString(), repeated.toString(), sigV2, badDate]) {
      expect(verify(browserRequest(bad, 'PUT', PNG))).toEqual(refusedWith('AuthorizationQueryParametersError'));
    }
  });

  it('signed headers without host', async () => {
    const url = withQuery(await presignPut(), 'X-Amz-SignedHeaders', 'content-length;content-type');
    expect(verify(browserRequest(url, 'PUT', PNG))).toEqual(refusedWith('AuthorizationQueryParametersError'));
  });

  it('an unsigned x-amz-* header, which could turn the PUT into a copy', async () => {
    const req = browserRequest(await presignPut(), 'PUT', { ...PNG, 'x-amz-copy-source': `/${BUCKET}/secret.pdf` });
    expect(verify(req)).toEqual(refusedWith('AccessDenied'));
  });

  it('a path that is not valid percent-encoding', async () => {
    const url = new URL(await presignPut());
    const req = browserRequest(`http://localhost:3000/s3/${BUCKET}/bad%E0%A4%A.png${url.search}`, 'PUT', PNG);
    expect(verify(req)).toEqual(expect.objectContaining({ ok: false, status: 400, code: 'InvalidURI' }));
  });
});

describe('s3ErrorXml', () => {
  it('answers like S3, escaping the text', () => {
    expect(s3ErrorXml('AccessDenied', 'Request <has> "expired" & gone')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code>' +
        '<Message>Request &lt;has&gt; &quot;expired&quot; &amp; gone</Message></Error>',
    );
  });
});
