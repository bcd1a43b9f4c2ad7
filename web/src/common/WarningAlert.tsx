import { Alert, type AlertProps, type ElementProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface WarningAlertProps
  extends Omit<AlertProps, 'icon' | 'variant'>,
    ElementProps<'div', keyof AlertProps> {}

/**
 * Something to sort out before going on (a conflict, a lock lost, names that clash), under the warning triangle;
 * orange unless told otherwise. FailureAlert says that something failed.
 */
export function WarningAlert({ color = 'orange', ...props }: WarningAlertProps) {
  return <Alert color={color} variant="light" icon={<IconAlertTriangle size={18} />} {...props} />;
}
