/** What the web client's unit tests stand in for: the browser (localStorage, reload, fetch) and JSON responses. */
import { afterEach, beforeEach, type Mock, vi } from 'vitest';

export function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface FakeBrowser {
  storage: Storage;
  /** window.location.reload */
  reload: Mock;
  fetch: Mock;
}

/**
 * Stands in for the browser in every test of the calling file: window (localStorage, location.reload) and fetch
 * are fakes, emptied before each test; the real globals come back after it.
 */
export function stubBrowser(): FakeBrowser {
  const browser: FakeBrowser = { storage: fakeStorage(), reload: vi.fn(), fetch: vi.fn() };
  beforeEach(() => {
    browser.storage.clear();
    browser.reload.mockReset();
    browser.fetch.mockReset();
    vi.stubGlobal('window', { localStorage: browser.storage, location: { reload: browser.reload } });
    vi.stubGlobal('fetch', browser.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return browser;
}
