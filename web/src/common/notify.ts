import { notifications } from '@mantine/notifications';
import { errorMessage, isStaleVersion } from './errors';

/** A success popup (CONTRACT.md §8's texts are passed in exactly). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: 'green', autoClose: 4000 });
}

/** A failure that has no form to show it above (row actions, uploads). */
export function notifyError(message: string, title?: string): void {
  notifications.show({ message, title, color: 'red', autoClose: 7000 });
}

/** A list's row action (Publish, Approve, …) that failed; the list re-reads afterwards, so a stale row says so. */
export function notifyRowActionFailed(failure: unknown, rowTitle: string, title: string): void {
  if (isStaleVersion(failure))
    notifyError(
      `Someone else changed “${rowTitle}” in the meantime. The list now shows its latest state; try again if it still applies.`,
      title,
    );
  else notifyError(errorMessage(failure), title);
}
