/**
 * Checks a request to the gateway's /s3 proxy the way S3 checks a presigned URL (SigV4 query-string auth), because
 * s3rver accepts any signature. Pure: the gateway passes what it received and answers with the verdict.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface PresignedRequest {
  method: string;
  /** As received: the path still starts with the /s3 prefix, which the URL was signed with. Its host is ignored. */
  url: URL;
  /** IncomingMessage.headers: lower-case names. */
  headers: Record<string, string | string[] | undefined>;
}

export interface PresignCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface PresignOptions {
  region: string;
  now?: Date;
  /** A local limit below S3's week, e.g. the TTL the API signs with. */
  maxExpiresSeconds?: number;
}

export type PresignRefusal = { ok: false; status: 400 | 403; code: string; reason: string };
export type PresignVerdict = { ok: true } | PresignRefusal;

const ALGORITHM = 'AWS4-HMAC-SHA256';
const SERVICE = 's3';
const TERMINATOR = 'aws4_request';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const MAX_EXPIRES_SECONDS = 604_800;
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const AUTH_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
] as const;
const MISSING_PARAMS_MESSAGE =
  'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.';
const MISMATCH_MESSAGE =
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.';
const HEADER_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;

interface QueryAuth {
  credential: string;
  amzDate: string;
  expires: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
}

interface Scope {
  accessKeyId: string;
  day: string;
  region: string;
  service: string;
  terminator: string;
}

const ACCEPTED: PresignVerdict = { ok: true };

const refuse = (status: 400 | 403, code: string, reason: string): PresignRefusal => ({
  ok: false,
  status,
  code,
  reason,
});
const badQuery = (reason: string) => refuse(400, 'AuthorizationQueryParametersError', reason);
const mismatch = (detail?: string) =>
  refuse(403, 'SignatureDoesNotMatch', detail ? `${MISMATCH_MESSAGE} ${detail}` : MISMATCH_MESSAGE);

export function verifyPresigned(
  req: PresignedRequest,
  credentials: PresignCredentials,
  options: PresignOptions,
): PresignVerdict {
  const auth = readQueryAuth(req.url.searchParams);
  if ('ok' in auth) return auth;

  const scope = parseScope(auth.credential);
  if (!scope) return badQuery(`Error parsing the X-Amz-Credential parameter; the Credential is mal-formed.`);
  const signedAt = parseAmzDate(auth.amzDate);
  if (!signedAt) return badQuery(`X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd'T'HHmmss'Z'"`);
  const refusal =
    checkScope(scope, auth.amzDate, credentials, options.region) ??
    checkLifetime(signedAt, auth.expires, options) ??
    checkSignedHeaders(auth.signedHeaders, req.headers);
  if (refusal) return refusal;

  const canonical = canonicalRequest(req, auth);
  if (typeof canonical !== 'string') return canonical;
  const stringToSign = [ALGORITHM, auth.amzDate, scopeString(scope), sha256Hex(canonical)].join('\n');
  const expected = hmac(signingKey(credentials.secretAccessKey, scope), stringToSign);
  return sameSignature(expected, auth.signature) ? ACCEPTED : mismatch();
}

/** S3's error body, so the gateway can answer a refused request the way S3 would. */
export function s3ErrorXml(code: string, reason: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(reason)}</Message></Error>`;
}

function readQueryAuth(query: URLSearchParams): QueryAuth | PresignRefusal {
  if (AUTH_PARAMS.every((name) => !query.has(name))) return refuse(403, 'AccessDenied', 'Request is not signed');
  // A repeated parameter would let the value checked here differ from the one another parser picks.
  const repeated = [...AUTH_PARAMS, 'X-Amz-Content-Sha256'].some((name) => query.getAll(name).length > 1);
  if (repeated || AUTH_PARAMS.some((name) => !query.get(name))) return badQuery(MISSING_PARAMS_MESSAGE);
  const value = (name: (typeof AUTH_PARAMS)[number]) => query.get(name) ?? '';
  if (value('X-Amz-Algorithm') !== ALGORITHM) return badQuery(`X-Amz-Algorithm only supports "${ALGORITHM}"`);
  return {
    credential: value('X-Amz-Credential'),
    amzDate: value('X-Amz-Date'),
    expires: value('X-Amz-Expires'),
    signedHeaders: value('X-Amz-SignedHeaders').split(';'),
    signature: value('X-Amz-Signature'),
    payloadHash: query.get('X-Amz-Content-Sha256') ?? UNSIGNED_PAYLOAD,
  };
}

function parseScope(credential: string): Scope | undefined {
  const parts = credential.split('/');
  if (parts.length !== 5) return undefined;
  const [accessKeyId = '', day = '', region = '', service = '', terminator = ''] = parts;
  return { accessKeyId, day, region, service, terminator };
}

const scopeString = (scope: Scope) => [scope.day, scope.region, scope.service, scope.terminator].join('/');

function parseAmzDate(amzDate: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}.000Z`;
  const date = new Date(iso);
  // Date may roll 20260231 over to March; S3 refuses such a date.
  return !Number.isNaN(date.getTime()) && date.toISOString() === iso ? date : undefined;
}

function checkScope(
  scope: Scope,
  amzDate: string,
  credentials: PresignCredentials,
  region: string,
): PresignRefusal | undefined {
  if (scope.accessKeyId !== credentials.accessKeyId)
    return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (scope.day !== amzDate.slice(0, 8))
    return badQuery(`Invalid credential date "${scope.day}". This date is not the same as X-Amz-Date: "${amzDate}".`);
  if (scope.region !== region)
    return badQuery(
      `Error parsing the X-Amz-Credential parameter; the region '${scope.region}' is wrong; expecting '${region}'`,
    );
  if (scope.service !== SERVICE)
    return badQuery(
      `Error parsing the X-Amz-Credential parameter; incorrect service "${scope.service}". This endpoint belongs to "${SERVICE}".`,
    );
  if (scope.terminator !== TERMINATOR)
    return badQuery(
      `Error parsing the X-Amz-Credential parameter; incorrect terminal "${scope.terminator}". This endpoint uses "${TERMINATOR}".`,
    );
  return undefined;
}

function checkLifetime(signedAt: Date, expires: string, options: PresignOptions): PresignRefusal | undefined {
  if (!/^\d+$/.test(expires)) return badQuery('X-Amz-Expires should be a number');
  const seconds = Number(expires);
  if (seconds < 1) return badQuery('X-Amz-Expires must be at least 1 second');
  if (seconds > MAX_EXPIRES_SECONDS)
    return badQuery(`X-Amz-Expires must be less than a week (in seconds) that is ${MAX_EXPIRES_SECONDS}`);
  if (options.maxExpiresSeconds !== undefined && seconds > options.maxExpiresSeconds)
    return badQuery(`X-Amz-Expires must be at most ${options.maxExpiresSeconds} seconds here`);
  const now = (options.now ?? new Date()).getTime();
  if (signedAt.getTime() - now > MAX_CLOCK_SKEW_MS) return refuse(403, 'AccessDenied', 'Request is not valid yet');
  if (now > signedAt.getTime() + seconds * 1000) return refuse(403, 'AccessDenied', 'Request has expired');
  return undefined;
}

function checkSignedHeaders(signedHeaders: string[], headers: PresignedRequest['headers']): PresignRefusal | undefined {
  if (!signedHeaders.every((name) => HEADER_NAME.test(name)))
    return badQuery('X-Amz-SignedHeaders must be lower-case header names separated by ";"');
  if (!signedHeaders.includes('host')) return badQuery('X-Amz-SignedHeaders must include host');
  // An unsigned x-amz-copy-source, x-amz-acl, x-amz-meta-… would change what a presigned PUT does.
  const unsigned = Object.entries(headers)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name.toLowerCase())
    .filter((name) => name.startsWith('x-amz-') && !signedHeaders.includes(name));
  if (unsigned.length > 0)
    return refuse(
      403,
      'AccessDenied',
      `There were headers present in the request which were not signed: ${unsigned.join(', ')}`,
    );
  return undefined;
}

function canonicalRequest(req: PresignedRequest, auth: QueryAuth): string | PresignRefusal {
  const uri = canonicalUri(req.url.pathname);
  if (uri === undefined) return refuse(400, 'InvalidURI', "Couldn't parse the specified URI.");
  const headerLines: string[] = [];
  for (const name of auth.signedHeaders) {
    const value = headerValue(req.headers, name);
    if (value === undefined) return mismatch(`The signed header ${name} is missing.`);
    headerLines.push(`${name}:${value}\n`);
  }
  return [
    req.method,
    uri,
    canonicalQuery(req.url.searchParams),
    headerLines.join(''),
    auth.signedHeaders.join(';'),
    auth.payloadHash,
  ].join('\n');
}

/**
 * S3 encodes each segment of the path once (no double encoding, unlike other services), which is what the SDK put
 * in the URL; decoding first makes a differently escaped but equal path (`!` vs `%21`) verify the same.
 */
function canonicalUri(pathname: string): string | undefined {
  try {
    return pathname
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/');
  } catch {
    return undefined;
  }
}

/** URLSearchParams reads `+` as a space, as s3rver's querystring does: the signature covers what s3rver acts on. */
function canonicalQuery(query: URLSearchParams): string {
  return [...query]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => compare(a, b) || compare(x, y))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(headers: PresignedRequest['headers'], name: string): string | undefined {
  const raw = headers[name];
  if (raw === undefined) return undefined;
  const joined = Array.isArray(raw) ? raw.join(',') : raw;
  return joined.trim().replace(/\s+/g, ' ');
}

function signingKey(secretAccessKey: string, scope: Scope): Buffer {
  const dateKey = hmac(`AWS4${secretAccessKey}`, scope.day);
  const regionKey = hmac(dateKey, scope.region);
  const serviceKey = hmac(regionKey, scope.service);
  return hmac(serviceKey, scope.terminator);
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

function sameSignature(expected: Buffer, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** RFC 3986: everything but A-Z a-z 0-9 - _ . ~ is percent-encoded, as UTF-8 with upper-case hex. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
