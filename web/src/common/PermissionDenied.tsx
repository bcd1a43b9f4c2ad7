import { PERMISSION_DENIED_MESSAGE } from '../../../shared/permissions';
import { DashboardLink, LockMark, MessagePanel } from './MessagePanel';

/** What a gated screen shows to a user who lacks the permission (CONTRACT.md §6). */
export function PermissionDenied() {
  return (
    <MessagePanel
      headingOrder={1}
      mark={<LockMark />}
      title="Access denied"
      message={PERMISSION_DENIED_MESSAGE}
      messageRole="alert"
      actions={<DashboardLink />}
    />
  );
}
