import { CONTENT_BASE, CONTENT_KEY_HEADER, VIEWER_ADDRESS_HEADER } from '../../shared/addresses';
import { CONTENT_KEY } from '../../shared/constants';
import { CONTENT_KEY_REFUSALS } from '../../shared/schemas/content-key';

/**
 * The delivery API's key check at the edge (infra/README.md → Delivery API at the edge): a CloudFront Function
 * (viewer request, cloudfront-js-2.0) that runs before CloudFront looks in its cache, so a request without a live
 * content key is refused even when the answer is cached, and the cached copy can be one for every key. The
 * function's KeyValueStore maps a key's id to the hex SHA-256 of the whole key, as the table's item holds it
 * (functions/content-key/model.ts); functions/edge-keys/ keeps it in step with the table.
 *
 * The source is a string, as deployed, so tests/infra/content-key-check.test.ts runs this very text in Node
 * with a stand-in store and Node's crypto.
 */

/**
 * What a refused request is told, in the API's error shape (functions/lib/http.ts errorResponse), in the words of
 * the content Lambda's own check (functions/content/gate.ts), so an answer reads the same from the edge or the
 * origin: a malformed key is told what an unknown or revoked one is.
 */
export const KEY_REFUSALS = {
  missing: CONTENT_KEY_REFUSALS.missing,
  malformed: CONTENT_KEY_REFUSALS.invalid,
  invalid: CONTENT_KEY_REFUSALS.invalid,
} as const;

/** Headers of the answers the function gives itself, which a browser on any site may read (CORS). */
export const CONTENT_CORS = {
  allowOrigin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
  allowHeaders: [CONTENT_KEY_HEADER, 'if-none-match', 'content-type'],
  exposeHeaders: ['etag'],
  /** How long a browser may keep a preflight's answer (Chrome keeps at most 2 hours). */
  maxAgeSeconds: 7200,
} as const;

/**
 * The paths a reader's browser calls with an ad's token instead of a key (an impression beacon, a click): no
 * browser navigation or beacon can send a header, and the token, signed by a decision a key holder asked for, is
 * their credential (functions/ad-serving/). They pass the key check; nothing caches their answers (no-store).
 */
export const TOKEN_PATHS = `^${CONTENT_BASE}/ads/(impression|[0-9A-Z]{26}/click)$`;

/** `apk_<ULID id>_<43 base64url characters>`, the id captured: the form functions/site-management/content-keys.ts makes. */
const KEY_SHAPE = `^${CONTENT_KEY.prefix}_([0-9A-Z]{26})_[A-Za-z0-9_-]{43}$`;

/** The function's source. */
export function contentKeyCheckCode(): string {
  const refusals = JSON.stringify(
    Object.fromEntries(
      Object.entries(KEY_REFUSALS).map(([why, text]) => [
        why,
        JSON.stringify({ message: { msg: `Unauthorized: ${text}` } }),
      ]),
    ),
  );
  return `import cf from 'cloudfront';
import crypto from 'crypto';

var store = cf.kvs();
var HEADER = ${JSON.stringify(CONTENT_KEY_HEADER)};
var SHAPE = new RegExp(${JSON.stringify(KEY_SHAPE)});
var TOKEN_PATHS = new RegExp(${JSON.stringify(TOKEN_PATHS)});
var VIEWER = ${JSON.stringify(VIEWER_ADDRESS_HEADER)};
var BODIES = ${refusals};

function cors(headers) {
  headers['access-control-allow-origin'] = { value: ${JSON.stringify(CONTENT_CORS.allowOrigin)} };
  return headers;
}

function refuse(why) {
  return {
    statusCode: 401,
    statusDescription: 'Unauthorized',
    headers: cors({
      'content-type': { value: 'application/json; charset=utf-8' },
      'cache-control': { value: 'no-store' },
    }),
    body: { encoding: 'text', data: BODIES[why] },
  };
}

// Both are hex digests of the same length: every character is compared, whatever differs first.
function same(a, b) {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  var diff = 0;
  for (var i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function handler(event) {
  var request = event.request;
  // A browser's preflight carries no key (it asks whether it may send one): answered here, never cached or forwarded.
  if (request.method === 'OPTIONS') {
    return {
      statusCode: 204,
      statusDescription: 'No Content',
      headers: cors({
        'access-control-allow-methods': { value: ${JSON.stringify(CONTENT_CORS.allowMethods.join(', '))} },
        'access-control-allow-headers': { value: ${JSON.stringify(CONTENT_CORS.allowHeaders.join(', '))} },
        'access-control-max-age': { value: ${JSON.stringify(String(CONTENT_CORS.maxAgeSeconds))} },
      }),
    };
  }
  if (TOKEN_PATHS.test(request.uri)) {
    // Who the reader is, for counting them once: CloudFront's view of their address, never what they sent.
    if (event.viewer && event.viewer.ip) request.headers[VIEWER] = { value: event.viewer.ip };
    else delete request.headers[VIEWER];
    return request;
  }
  var sent = request.headers[HEADER];
  if (!sent || !sent.value) return refuse('missing');
  var match = SHAPE.exec(sent.value);
  if (!match) return refuse('malformed');
  var stored;
  try {
    stored = await store.get(match[1]);
  } catch (e) {
    // No such id (a key never made, or revoked and so removed from the store).
    return refuse('invalid');
  }
  var hash = crypto.createHash('sha256').update(sent.value).digest('hex');
  if (!same(stored, hash)) return refuse('invalid');
  return request;
}
`;
}
