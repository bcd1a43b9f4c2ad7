import { useState } from 'react';

/**
 * A flag that is up while an async call runs (a button's spinner, a dialog that may not close yet) and down again
 * however the call ends: `const [busy, whileBusy] = useBusy(); … onClick={() => void whileBusy(save)}`.
 */
export function useBusy(): [busy: boolean, whileBusy: (call: () => unknown) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const whileBusy = async (call: () => unknown) => {
    setBusy(true);
    try {
      await call();
    } finally {
      setBusy(false);
    }
  };
  return [busy, whileBusy];
}
