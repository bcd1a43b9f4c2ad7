import { notifications } from '@mantine/notifications';

/** A success popup (SPEC §8's texts are passed in exactly). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: 'green', autoClose: 4000 });
}

/** A failure that has no form to show it above (row actions, uploads). */
export function notifyError(message: string, title?: string): void {
  notifications.show({ message, title, color: 'red', autoClose: 7000 });
}
