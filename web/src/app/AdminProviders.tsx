// After the core styles (in the entry), with the providers that need them: /login does not parse them.
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { CSSProperties, ReactNode } from 'react';
import classes from './AdminProviders.module.css';

/** The admin layout's header: the popups open just under it. */
export const HEADER_HEIGHT = 64;

/**
 * Providers only signed-in screens use: success popups (`notifications.show`), modals (`modals.open`) and
 * date pickers, with their styles. Mounted by the admin layout so the login route does not pay for them.
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'en', firstDayOfWeek: 1 }}>
      <ModalsProvider>
        {/*
          Just under the header, in the middle: at the top right they covered the header's search and account menu,
          at the bottom the editors' action bar (Publish, Save), and a popup under the pointer does not close.
        */}
        <Notifications
          position="top-center"
          limit={4}
          classNames={{ root: classes.popups }}
          style={{ '--popups-below': `${HEADER_HEIGHT}px` } as CSSProperties}
        />
        {children}
      </ModalsProvider>
    </DatesProvider>
  );
}
