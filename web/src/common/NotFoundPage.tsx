import { Text } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { DashboardLink, MessagePanel } from './MessagePanel';

/** Unknown paths inside the layout. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <MessagePanel
      headingOrder={1}
      mark={
        <Text
          fw={800}
          fz={64}
          lh={1}
          c="light-dark(var(--mantine-color-gray-6), var(--mantine-color-dark-2))"
          aria-hidden
        >
          404
        </Text>
      }
      title="Page not found"
      message={
        <>
          There is nothing at{' '}
          <Text span ff="monospace">
            {pathname}
          </Text>
          . It may have moved, or the link may be mistyped.
        </>
      }
      actions={<DashboardLink />}
    />
  );
}
