import { useState } from 'react';
import type { TwoFactorSetup } from '../../../shared/schemas/auth';
import { errorMessage } from '../common/errors';
import { notifyError, notifySuccess } from '../common/notify';
import { useSession } from '../session/session-context';
import { disableTwoFactor, renewRecoveryCodes, startTwoFactorSetup } from '../two-factor/api';

/**
 * What the two-factor card changes: the set-up under way, the password asked before new codes or turning it off,
 * and the new codes to show; each change reads the session again.
 */
export function useTwoFactorChanges() {
  const session = useSession();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [asking, setAsking] = useState<'codes' | 'off' | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await startTwoFactorSetup());
    } catch (error) {
      notifyError(errorMessage(error), 'Could not start the set-up');
    } finally {
      setStarting(false);
    }
  };

  const closeSetup = () => {
    setSetup(null);
    void session.refresh();
  };

  const finishSetup = () => {
    setSetup(null);
    notifySuccess('Two-factor sign-in is on. Next time you sign in, have your phone at hand.');
    void session.refresh();
  };

  const renew = async (password: string) => {
    const { recoveryCodes } = await renewRecoveryCodes(password);
    setAsking(null);
    setNewCodes(recoveryCodes);
  };

  const turnOff = async (password: string) => {
    await disableTwoFactor(password);
    setAsking(null);
    notifySuccess('Two-factor sign-in is off');
    await session.refresh();
  };

  return {
    session,
    setup,
    starting,
    asking,
    setAsking,
    newCodes,
    setNewCodes,
    start,
    closeSetup,
    finishSetup,
    renew,
    turnOff,
  };
}
