import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ArticleStatus } from '../../../../shared/constants';
import { STATUS_LABELS } from '../../../../shared/workflow';

/**
 * Shown when the status machine leaves this user no button to press (a contributor opening their own live
 * article): say so up front, rather than let them edit a form they cannot save.
 */
export function NoActionsNotice({ status, noun }: { status: ArticleStatus; noun: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="md" role="note">
      <Text size="sm">
        This {noun} is {STATUS_LABELS[status]}: only an editor can change it now. You can still read it here.
      </Text>
    </Alert>
  );
}
