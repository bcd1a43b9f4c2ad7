/** Preview tokens (functions/preview/token.ts): signed for one article, expiring, and strictly parsed. */
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { previewAddress } from '../../functions/article/preview';
import { setClock } from '../../functions/lib/clock';
import { resetSecretCache } from '../../functions/lib/secrets';
import { previewSecret, signPreviewToken, verifyPreviewToken } from '../../functions/preview/token';
import { PREVIEW_LINK } from '../../shared/constants';
import { PREVIEW_URL_MESSAGES, previewUrlProblem } from '../../shared/schemas/preview';

const SECRET = 'a-preview-secret-of-at-least-32-characters';
const ARTICLE = '01JF0000000000000000000000';
const NOW = Date.parse('2026-11-28T12:00:00Z');

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const macOf = (payload: string, secret = SECRET, purpose = 'preview-token:v1:') =>
  createHmac('sha256', secret)
    .update(purpose + payload)
    .digest('base64url');
/** A token signed as ours would be, around any payload (to prove the parsing, not the MAC, refuses it). */
const signed = (claims: unknown) => {
  const payload = b64(claims);
  return `${payload}.${macOf(payload)}`;
};
const claims = (extra: Record<string, unknown> = {}) => ({
  a: ARTICLE,
  e: NOW / 1000 + 60,
  n: 'AAAAAAAAAAAAAAAA',
  ...extra,
});

afterEach(() => {
  setClock(undefined);
  delete process.env.PREVIEW_SECRET;
  resetSecretCache();
});

describe('preview tokens', () => {
  it('verify for their article until they expire, PREVIEW_LINK.ttlSeconds after signing', async () => {
    setClock(() => NOW);
    const made = await signPreviewToken(ARTICLE, undefined, SECRET);
    expect(made.expires).toBe(NOW / 1000 + PREVIEW_LINK.ttlSeconds);
    expect(made.token.length).toBeLessThanOrEqual(PREVIEW_LINK.tokenMax);
    expect(await verifyPreviewToken(made.token, SECRET)).toEqual(made);
    setClock(() => NOW + (PREVIEW_LINK.ttlSeconds - 1) * 1000);
    expect(await verifyPreviewToken(made.token, SECRET)).toBeDefined();
    setClock(() => NOW + PREVIEW_LINK.ttlSeconds * 1000);
    expect(await verifyPreviewToken(made.token, SECRET)).toBeUndefined();
  });

  it('are refused under another secret, or with a MAC made for another purpose', async () => {
    const made = await signPreviewToken(ARTICLE, 60, SECRET);
    expect(await verifyPreviewToken(made.token, `${SECRET}x`)).toBeUndefined();
    const payload = made.token.split('.')[0] ?? '';
    expect(await verifyPreviewToken(`${payload}.${macOf(payload, SECRET, '')}`, SECRET)).toBeUndefined();
  });

  it('are refused when the payload or the MAC is changed', async () => {
    const made = await signPreviewToken(ARTICLE, 60, SECRET);
    const [payload = '', mac = ''] = made.token.split('.');
    const other = b64(claims({ a: '01JF0000000000000000000001' }));
    expect(await verifyPreviewToken(`${other}.${mac}`, SECRET)).toBeUndefined();
    const flip = (s: string, at: number) => `${s.slice(0, at)}${s[at] === 'A' ? 'B' : 'A'}${s.slice(at + 1)}`;
    expect(await verifyPreviewToken(`${flip(payload, 3)}.${mac}`, SECRET)).toBeUndefined();
    expect(await verifyPreviewToken(`${payload}.${flip(mac, 0)}`, SECRET)).toBeUndefined();
    // The last character of 43 carries 2 spare bits: another spelling of the same bytes is not the token.
    const last = mac.at(-1) ?? '';
    const twin = 'AEIMQUYcgkosw048'.includes(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : last;
    if (twin !== last)
      expect(await verifyPreviewToken(`${payload}.${mac.slice(0, -1)}${twin}`, SECRET)).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['no dot', 'abc'],
    ['two dots', `a.b.${'A'.repeat(43)}`],
    ['padding', `${b64(claims())}=.${'A'.repeat(43)}`],
    ['a short MAC', `${b64(claims())}.${'A'.repeat(42)}`],
    ['a character outside base64url', `${b64(claims())}+.${'A'.repeat(43)}`],
    ['too long', `${'A'.repeat(PREVIEW_LINK.tokenMax)}.${'A'.repeat(43)}`],
  ])('refuse %s', async (_what, token) => {
    expect(await verifyPreviewToken(token, SECRET)).toBeUndefined();
  });

  it.each([
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['an array', b64([ARTICLE])],
    ['an id that is no ULID', b64(claims({ a: 'article-1' }))],
    ['an expiry that is no whole number', b64(claims({ e: NOW / 1000 + 60.5 }))],
    ['an expiry as text', b64(claims({ e: String(NOW / 1000 + 60) }))],
    ['a nonce of another shape', b64(claims({ n: 'short' }))],
    ['a claim more', b64(claims({ admin: true }))],
    ['a claim less', b64({ a: ARTICLE, e: NOW / 1000 + 60 })],
  ])('refuse a signed payload with %s', async (_what, payload) => {
    setClock(() => NOW);
    expect(await verifyPreviewToken(`${payload}.${macOf(payload)}`, SECRET)).toBeUndefined();
  });

  it('refuse an expiry further out than a token is ever given', async () => {
    setClock(() => NOW);
    expect(
      await verifyPreviewToken(signed(claims({ e: NOW / 1000 + PREVIEW_LINK.ttlSeconds + 30 })), SECRET),
    ).toBeDefined();
    expect(await verifyPreviewToken(signed(claims({ e: NOW / 1000 + 86_400 })), SECRET)).toBeUndefined();
  });

  it('read the secret from PREVIEW_SECRET and refuse to work with a short one', async () => {
    process.env.PREVIEW_SECRET = SECRET;
    const made = await signPreviewToken(ARTICLE);
    expect(await verifyPreviewToken(made.token, SECRET)).toBeDefined();
    resetSecretCache();
    process.env.PREVIEW_SECRET = 'short';
    await expect(previewSecret()).rejects.toThrow(/shorter than 32/);
  });
});

describe('preview link templates', () => {
  it.each([
    ['', undefined],
    ['https://news.example/preview/{slug}?token={token}', undefined],
    ['https://news.example/{token}/{slug}', undefined],
    ['http://localhost:3001/preview/{slug}?token={token}', undefined],
    ['http://127.0.0.1/p/{slug}?t={token}', undefined],
    ['http://news.example/preview/{slug}?token={token}', PREVIEW_URL_MESSAGES.scheme],
    ['javascript:alert(1)//{slug}{token}', PREVIEW_URL_MESSAGES.scheme],
    ['java\tscript://x/{slug}{token}', PREVIEW_URL_MESSAGES.scheme],
    ['data:text/html,{slug}{token}', PREVIEW_URL_MESSAGES.scheme],
    ['//news.example/{slug}?token={token}', PREVIEW_URL_MESSAGES.scheme],
    ['/preview/{slug}?token={token}', PREVIEW_URL_MESSAGES.scheme],
    ['https://a:b@news.example/{slug}?token={token}', PREVIEW_URL_MESSAGES.scheme],
    ['https://news.example/preview/{slug}', PREVIEW_URL_MESSAGES.placeholders],
    ['https://news.example/preview?t={token}', PREVIEW_URL_MESSAGES.placeholders],
    ['https://{slug}.news.example/?t={token}', PREVIEW_URL_MESSAGES.inAddress],
    ['https://news.example{token}/{slug}', PREVIEW_URL_MESSAGES.inAddress],
  ])('%s → %s', (template, problem) => {
    expect(previewUrlProblem(template)).toBe(problem);
  });

  it('fill the slug percent-encoded and the token as it is', () => {
    expect(previewAddress('https://news.example/p/{slug}?t={token}&again={slug}', 'राजनीति-में', 'abc.DEF_-')).toBe(
      `https://news.example/p/${encodeURIComponent('राजनीति-में')}?t=abc.DEF_-&again=${encodeURIComponent('राजनीति-में')}`,
    );
  });
});
