import { MantineProvider } from '@mantine/core';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { swrConfig } from '../api/swr-config';
import { useApi } from '../api/use-api';
import { SessionProvider } from '../session/SessionProvider';
import { SiteBranding } from '../site/SiteBranding';
import { SITE_DETAIL_KEY } from '../site/use-site-detail';
import { cssVariablesResolver, theme } from '../theme';
import { AppRoutes } from './AppRoutes';
import { cachedBranding, rememberBranding } from './brand-cache';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from './color-scheme';

/** The branding the last visit kept, shown while the site's details are read again. */
function appSwrConfig(): SWRConfiguration {
  const branding = cachedBranding();
  return branding ? { ...swrConfig, fallback: { [SITE_DETAIL_KEY]: branding } } : swrConfig;
}

/** Keeps the site's branding for the next visit whenever it is read (or changed in Site Management). */
function BrandingCache() {
  const { data } = useApi(SITE_DETAIL_KEY, { revalidateOnFocus: false });
  useEffect(() => rememberBranding(data), [data]);
  return null;
}

/**
 * The providers every screen relies on, then the routes. Notifications, modals and dates providers live in
 * the admin layout (see AdminProviders), so the login page does not load them.
 */
export function App() {
  const [config] = useState(appSwrConfig);
  return (
    <BrowserRouter>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
        colorSchemeManager={colorSchemeManager}
      >
        <SWRConfig value={config}>
          <SessionProvider>
            <SiteBranding />
            <BrandingCache />
            <AppRoutes />
          </SessionProvider>
        </SWRConfig>
      </MantineProvider>
    </BrowserRouter>
  );
}
