/**
 * The colour scheme: light, dark, or `auto`, which follows the device (prefers-color-scheme) and is the default.
 * Mantine keeps the choice in localStorage and sets `data-mantine-color-scheme` on <html> once its provider mounts.
 * Mantine's ColorSchemeScript would set it earlier, but it is an inline script, which the CSP refuses; the entry
 * calls applyStoredColorScheme() before React renders instead, so no screen draws in the wrong scheme.
 */
import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

export const COLOR_SCHEME_STORAGE_KEY = 'colorScheme';
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** The scheme a stored choice draws in: `auto`, nothing or anything unknown follow the device. */
export function resolveColorScheme(stored: string | null, deviceIsDark: boolean): 'light' | 'dark' {
  if (stored === 'light' || stored === 'dark') return stored;
  return deviceIsDark ? 'dark' : 'light';
}

/** Sets <html data-mantine-color-scheme> from the stored choice and the device, as Mantine's provider will. */
export function applyStoredColorScheme(): void {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY);
  } catch {
    // Storage blocked (a privacy setting): follow the device.
  }
  const deviceIsDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  document.documentElement.setAttribute('data-mantine-color-scheme', resolveColorScheme(stored, deviceIsDark));
}
