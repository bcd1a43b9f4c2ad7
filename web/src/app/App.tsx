import { MantineProvider } from '@mantine/core';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from '../api/swr-config';
import { SessionProvider } from '../session/SessionProvider';
import { SiteBranding } from '../site/SiteBranding';
import { theme } from '../theme';
import { AppRoutes } from './AppRoutes';

/**
 * The providers every screen relies on, then the routes. Notifications, modals and dates providers live in
 * the admin layout (see AdminProviders), so the login page does not load them.
 */
export function App() {
  return (
    <BrowserRouter>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <SWRConfig value={swrConfig}>
          <SessionProvider>
            <SiteBranding />
            <AppRoutes />
          </SessionProvider>
        </SWRConfig>
      </MantineProvider>
    </BrowserRouter>
  );
}
