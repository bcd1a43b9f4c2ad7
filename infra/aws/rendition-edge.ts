/**
 * The viewer-request function of CloudFront's `/media/r/*` behaviour (functions/README.md, "Renditions";
 * infra/README.md, "Renditions at the edge"): a reader's `/media/r/<preset>/<purpose>/<file>` becomes the stored
 * rendition's key, `/media/r/<purpose>/<file>/<format>/<preset>`, the format chosen from Accept by the rule of
 * shared/renditions.ts (negotiateFormat; tests/unit/renditions.test.ts checks both give the same answer for a
 * table of Accept headers). That rewritten URI is the cache key, so a cached copy is one file in one format. An
 * unknown preset, purpose or file name, or any other shape, is answered 404 here: no origin is asked.
 *
 * Generated from the constants of shared/renditions.ts and shared/constants.ts, as ES5-style cloudfront-js-2.0
 * source, so the text deployed is the text the tests and the local gateway (infra/local/renditions.ts) run.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Construct } from 'constructs';
import { MEDIA_BASE } from '../../shared/addresses';
import { FILE_TYPES, UPLOAD_PURPOSE_NAMES } from '../../shared/constants';
import { isCrop, PRESETS, RENDERABLE_TYPES } from '../../shared/renditions';

/** The path pattern of the behaviour. */
export const RENDITION_PATH_PATTERN = `${MEDIA_BASE}/r/*`;

/** The function's source. */
export function renditionViewerRequestCode(): string {
  // Each preset's name → 1 for a crop (its segment carries `@x-y`), 0 for a width.
  const presets = JSON.stringify(Object.fromEntries(PRESETS.map((preset) => [preset.name, isCrop(preset) ? 1 : 0])));
  const purposes = JSON.stringify(Object.fromEntries(UPLOAD_PURPOSE_NAMES.map((name) => [name, 1])));
  const extensions = RENDERABLE_TYPES.map((type) => FILE_TYPES[type]).join('|');
  const base = JSON.stringify(`${MEDIA_BASE}/r/`);
  return `var PRESETS = ${presets};
var PURPOSES = ${purposes};
var FILE = /^[0-9a-z]{26}\\.(${extensions})$/;
var FOCAL = /^(100|[1-9]?[0-9])-(100|[1-9]?[0-9])$/;

function notFound() {
  return {
    statusCode: 404,
    statusDescription: 'Not Found',
    headers: { 'content-type': { value: 'text/plain; charset=utf-8' }, 'cache-control': { value: 'no-store' } },
    body: { encoding: 'text', data: 'There is no such picture or rendition' }
  };
}

function validSegment(segment) {
  var parts = segment.split('@');
  if (parts.length > 2 || !Object.prototype.hasOwnProperty.call(PRESETS, parts[0])) return false;
  if (PRESETS[parts[0]] === 1) return parts.length === 2 && FOCAL.test(parts[1]);
  return parts.length === 1;
}

/* shared/renditions.ts quality(): the q-value Accept gives a type, 0 when absent or refused; no wildcards. */
function quality(accept, type) {
  var list = accept.toLowerCase().split(',');
  for (var i = 0; i < list.length; i++) {
    var params = list[i].trim().split(';');
    if (params[0].trim() !== type) continue;
    for (var j = 1; j < params.length; j++) {
      var param = params[j].trim();
      if (param.indexOf('q=') === 0) {
        var value = Number(param.substring(2));
        return isFinite(value) ? value : 0;
      }
    }
    return 1;
  }
  return 0;
}

/* shared/renditions.ts negotiateFormat(): AVIF, then WebP, then PNG for a PNG and JPEG for the rest. */
function negotiate(accept, file) {
  if (quality(accept, 'image/avif') > 0) return 'avif';
  if (quality(accept, 'image/webp') > 0) return 'webp';
  return /\\.png$/.test(file) ? 'png' : 'jpeg';
}

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var base = ${base};
  if (uri.indexOf(base) !== 0) return notFound();
  var parts = uri.substring(base.length).split('/');
  if (parts.length !== 3) return notFound();
  var segment = parts[0];
  var purpose = parts[1];
  var file = parts[2];
  if (!validSegment(segment) || !Object.prototype.hasOwnProperty.call(PURPOSES, purpose) || !FILE.test(file)) {
    return notFound();
  }
  var accept = request.headers.accept ? request.headers.accept.value : '';
  request.uri = base + purpose + '/' + file + '/' + negotiate(accept, file) + '/' + segment;
  request.querystring = {};
  return request;
}`;
}

/** What the function does to a request: the rewritten URI, or its own answer (a 404). */
export type RenditionEdgeResult = { uri: string } | { statusCode: number; body?: { data: string } };

/** The function's source run in Node (tests, the local gateway): takes a path and an Accept header. */
export function renditionEdge(): (uri: string, accept: string | undefined) => RenditionEdgeResult {
  const handler = new Function(`${renditionViewerRequestCode()}\nreturn handler;`)() as (event: unknown) => {
    uri?: string;
    statusCode?: number;
    body?: { data: string };
  };
  return (uri, accept) => {
    const out = handler({
      request: {
        method: 'GET',
        uri,
        querystring: {},
        headers: accept === undefined ? {} : { accept: { value: accept } },
      },
      viewer: { ip: '127.0.0.1' },
    });
    return out.statusCode !== undefined ? { statusCode: out.statusCode, body: out.body } : { uri: out.uri ?? uri };
  };
}

export interface RenditionBehaviorParts {
  /** The media bucket's origin (OAC, read), which `/media/*` serves from too. */
  mediaOrigin: cloudfront.IOrigin;
  /** The HTTP API's origin, with the origin secret header. */
  apiOrigin: cloudfront.IOrigin;
  /** The headers of uploaded files (nosniff, the sandbox CSP), and `vary: Accept`. */
  responseHeadersPolicy: cloudfront.IResponseHeadersPolicy;
}

/**
 * The `/media/r/*` behaviour: the viewer function above; an origin group that reads the stored rendition from the
 * bucket and, when it is not there yet (S3 answers 403 to OAC for a missing key, 404 with ListBucket), asks the
 * media-render Lambda through the API, which makes, stores and answers it; a cache key of the rewritten URI alone
 * (no query, header or cookie), kept a year.
 */
export function renditionBehavior(scope: Construct, parts: RenditionBehaviorParts): cloudfront.BehaviorOptions {
  return {
    origin: new origins.OriginGroup({
      primaryOrigin: parts.mediaOrigin,
      fallbackOrigin: parts.apiOrigin,
      fallbackStatusCodes: [403, 404],
    }),
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
    cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
    cachePolicy: new cloudfront.CachePolicy(scope, 'RenditionCache', {
      comment: 'Image renditions: the rewritten URI (file, format, preset) is the whole key',
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      // A rendition's answer says a year itself; 0 lets the Lambda's rare no-store answers (a redirect) through.
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.days(365),
      maxTtl: Duration.days(365),
      // Pictures are compressed already.
      enableAcceptEncodingBrotli: false,
      enableAcceptEncodingGzip: false,
    }),
    compress: false,
    responseHeadersPolicy: parts.responseHeadersPolicy,
    functionAssociations: [
      {
        eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
        function: new cloudfront.Function(scope, 'RenditionPath', {
          code: cloudfront.FunctionCode.fromInline(renditionViewerRequestCode()),
          runtime: cloudfront.FunctionRuntime.JS_2_0,
          comment: 'Renditions: /media/r/<preset>/<key> to the stored key, format from Accept; 404 for any other',
        }),
      },
    ],
  };
}
