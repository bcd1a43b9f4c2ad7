import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Above a screen the viewer may read but not change: why, and whom to ask. */
export function ReadOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="View only" mb="lg" role="status">
      {children}
    </Alert>
  );
}
