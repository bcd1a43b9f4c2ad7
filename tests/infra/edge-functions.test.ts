import { describe, expect, it } from 'vitest';
import { apiViewerRequestCode, spaFallbackCode, stripPrefixCode } from '../../infra/aws/edge-functions';
import { API_BASE, MEDIA_BASE, VIEWER_ADDRESS_HEADER, VIEWER_HOST_HEADER } from '../../shared/addresses';
import { matchRoute } from '../../shared/api';

type ViewerRequest = { uri: string; querystring: Record<string, unknown> };

/** Runs the exact source deployed as a CloudFront Function on a viewer request for `uri`. */
function run(code: string, uri: string): string {
  const handler = new Function(`${code}\nreturn handler;`)() as (event: { request: ViewerRequest }) => ViewerRequest;
  return handler({ request: { uri, querystring: {} } }).uri;
}

describe('SPA fallback (default behaviour)', () => {
  it('serves index.html for client-side routes', () => {
    expect(run(spaFallbackCode, '/')).toBe('/index.html');
    expect(run(spaFallbackCode, '/cms/detail/01J0ABC')).toBe('/index.html');
    expect(run(spaFallbackCode, '/users/')).toBe('/index.html');
  });

  it('leaves files alone', () => {
    expect(run(spaFallbackCode, '/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(run(spaFallbackCode, '/favicon.ico')).toBe('/favicon.ico');
  });
});

describe('API path (/api/*)', () => {
  const code = stripPrefixCode(API_BASE, true);

  it('drops /api and a trailing slash so the path matches an API Gateway route key', () => {
    expect(run(code, '/api/category/')).toBe('/category');
    expect(run(code, '/api/user/me')).toBe('/user/me');
    expect(run(code, '/api/user/bulkUpload/')).toBe('/user/bulkUpload');
    expect(run(code, '/api/')).toBe('/');
  });

  it('produces paths the route table resolves', () => {
    expect(matchRoute('GET', run(code, '/api/category/'))?.route.lambda).toBe('category');
    expect(matchRoute('POST', run(code, '/api/cms/getHtml/'))?.route.lambda).toBe('article-import');
  });

  it('only strips a whole /api segment', () => {
    expect(run(code, '/apis/x')).toBe('/apis/x');
  });
});

describe('media path (/media/*)', () => {
  it('maps /media/<key> to the object key', () => {
    const code = stripPrefixCode(MEDIA_BASE, false);
    expect(run(code, '/media/cover-image/01J0ABC.png')).toBe('/cover-image/01J0ABC.png');
  });
});

describe('API viewer request (path and viewer address)', () => {
  type Request = { uri: string; querystring: Record<string, unknown>; headers: Record<string, { value: string }> };
  const runWithViewer = (uri: string, ip: string, headers: Request['headers'] = {}) => {
    const code = apiViewerRequestCode(API_BASE);
    const handler = new Function(`${code}\nreturn handler;`)() as (event: {
      request: Request;
      viewer: { ip: string };
    }) => Request;
    return handler({ request: { uri, querystring: {}, headers }, viewer: { ip } });
  };

  it('strips the prefix like the path function and passes the viewer IP on', () => {
    const out = runWithViewer('/api/auth/login', '203.0.113.9');
    expect(out.uri).toBe('/auth/login');
    expect(out.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '203.0.113.9' });
  });

  it('overwrites an address the client sent itself', () => {
    const out = runWithViewer('/api/auth/login', '2001:db8::7', { [VIEWER_ADDRESS_HEADER]: { value: '10.0.0.1' } });
    expect(out.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '2001:db8::7' });
  });

  it('passes on the host the browser asked for, overwriting one the client sent', () => {
    const out = runWithViewer('/api/auth/login', '203.0.113.9', {
      host: { value: 'admin.example.com' },
      [VIEWER_HOST_HEADER]: { value: 'attacker.example' },
    });
    expect(out.headers[VIEWER_HOST_HEADER]).toEqual({ value: 'admin.example.com' });
    const hostless = runWithViewer('/api/auth/login', '203.0.113.9', { [VIEWER_HOST_HEADER]: { value: 'x.example' } });
    expect(hostless.headers[VIEWER_HOST_HEADER]).toBeUndefined();
  });
});
