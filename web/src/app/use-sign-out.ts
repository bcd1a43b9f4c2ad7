import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/session-context';

/** Ends the session, then opens the login screen: the user menu's Logout and the command palette's Sign out. */
export function useSignOut(): () => Promise<void> {
  const { logout } = useSession();
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate('/login', { replace: true });
  };
}
