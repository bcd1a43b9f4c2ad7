// After the core styles (in the entry), with the providers that need them: /login does not parse them.
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/**
 * Providers only signed-in screens use: success popups (`notifications.show`), modals (`modals.open`) and
 * date pickers, with their styles. Mounted by the admin layout so the login route does not pay for them.
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'en', firstDayOfWeek: 1 }}>
      <ModalsProvider>
        {/* At the bottom: at the top right they covered the header's search and account menu. */}
        <Notifications position="bottom-right" limit={4} />
        {children}
      </ModalsProvider>
    </DatesProvider>
  );
}
