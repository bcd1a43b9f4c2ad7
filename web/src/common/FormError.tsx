import { Alert, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { errorMessage, isStaleVersion } from './errors';
import { SmallButton } from './SmallButton';
import { useBusy } from './use-busy';

export interface FormErrorProps {
  error: unknown;
  /** Re-reads the record and refills the form; offered when the record changed since it was opened. */
  onReload?: () => Promise<unknown> | undefined;
}

/**
 * CONTRACT.md §8: a failed save shows the text after the first colon in red above the form. When the record was
 * changed by someone else, a Reload button re-reads it; what the user typed stays until they press it.
 */
export function FormError({ error, onReload }: FormErrorProps) {
  const [reloading, whileReloading] = useBusy();
  const ref = useRef<HTMLDivElement>(null);
  // The form may be scrolled past its top (long forms, small screens): bring the message into view.
  useEffect(() => {
    if (error) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [error]);
  if (!error) return null;
  const stale = onReload !== undefined && isStaleVersion(error);

  return (
    <Alert ref={ref} color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="red.9" style={{ flex: '1 1 240px' }}>
          {errorMessage(error)}
        </Text>
        {stale && (
          <SmallButton
            variant="white"
            color="red"
            icon={IconRefresh}
            loading={reloading}
            onClick={() => void whileReloading(() => onReload?.())}
          >
            Reload
          </SmallButton>
        )}
      </Group>
    </Alert>
  );
}
