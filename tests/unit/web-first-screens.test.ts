/**
 * Fast first screens, the parts without a browser: the site's branding kept for the next visit, and
 * the reads a signed-in screen starts at once (app/preload.ts). The browser side is in tests/e2e/first-screens.
 */
import { describe, expect, it, vi } from 'vitest';
import type { SiteBranding } from '../../shared/schemas/site';
import { BRAND_STORAGE_KEY, cachedBranding, rememberBranding } from '../../web/src/app/brand-cache';
import { preloadShellData, REVIEW_COUNT_KEY } from '../../web/src/app/preload';
import { NOTIFICATION_KEY } from '../../web/src/articles/api';
import type { CurrentUser } from '../../web/src/session/types';
import { json, stubBrowser } from './web-fakes';

// SWR's preload does nothing outside a browser, and keeps what it started for the next hook: here it only starts.
vi.mock('swr', async (original) => ({
  ...(await original<typeof import('swr')>()),
  preload: (key: string, fetcher: (key: string) => Promise<unknown>) => fetcher(key),
}));

const browser = stubBrowser();

const BRANDING: SiteBranding = {
  _id: '01HZZZZZZZZZZZZZZZZZZZZZZZ',
  siteName: 'Morning Ledger',
  siteLogo: { url: '/media/site-logo/logo.png' },
  siteFavicon: null,
  seo: { title: 'Morning Ledger desk' },
};

describe('the branding kept for the next visit', () => {
  it('keeps what the API answered and gives it back', () => {
    expect(cachedBranding()).toBeUndefined();
    rememberBranding(BRANDING);
    expect(JSON.parse(browser.storage.getItem(BRAND_STORAGE_KEY) ?? '')).toEqual(BRANDING);
    expect(cachedBranding()).toEqual(BRANDING);
    // Not read yet (undefined) changes nothing; a site with no record (null) forgets it.
    rememberBranding(undefined);
    expect(cachedBranding()).toEqual(BRANDING);
    rememberBranding(null);
    expect(cachedBranding()).toBeUndefined();
  });

  it('ignores a stored copy that is not a branding record', () => {
    for (const stored of [
      '{not json',
      '"text"',
      '{"_id":"x","siteName":"A"}',
      JSON.stringify({ ...BRANDING, seo: null }),
    ]) {
      browser.storage.setItem(BRAND_STORAGE_KEY, stored);
      expect(cachedBranding(), stored).toBeUndefined();
    }
  });
});

const user = (modelPermissions: Record<string, string[]>): CurrentUser => ({
  _id: '01HUSER0000000000000000000',
  name: 'Ada',
  email: 'ada@example.com',
  roles: [{ _id: '01HROLE0000000000000000000', name: 'Desk' }],
  isSuperAdmin: false,
  modelPermissions,
});

describe('the reads a signed-in screen starts at once', () => {
  it('reads the review count under the header bell’s own key', () => {
    expect(REVIEW_COUNT_KEY).toBe(NOTIFICATION_KEY);
  });

  it('sends the dashboard’s figures and the review count together, with the token', () => {
    browser.storage.setItem('token', 'a-token');
    browser.fetch.mockImplementation(() => new Promise(() => undefined));
    preloadShellData('/', user({ Cms: ['Read'] }));
    const sent = browser.fetch.mock.calls.map(([url]) => String(url));
    expect(sent.sort()).toEqual(['/api/cms/notification', '/api/dashboard']);
    const [, init] = browser.fetch.mock.calls[0] ?? [];
    expect((init as RequestInit).headers).toMatchObject({ Authorization: 'Bearer a-token' });
  });

  it('leaves out the count for those who may not read articles, and the figures off the dashboard', () => {
    browser.storage.setItem('token', 'a-token');
    browser.fetch.mockResolvedValue(json(200, { data: { count: 0 } }));
    preloadShellData('/settings', user({ Advertisement: ['Read'] }));
    expect(browser.fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/dashboard']);

    browser.fetch.mockClear();
    preloadShellData('/article?status=Draft');
    expect(browser.fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/cms/notification']);
  });
});
