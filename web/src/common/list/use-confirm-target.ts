import { useState } from 'react';

/**
 * The row a confirm dialog asks about. The row stays set while the dialog closes, so its text does not change
 * mid-animation.
 */
export function useConfirmTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  return {
    target,
    ask: (row: T) => {
      setTarget(row);
      setOpened(true);
    },
    /** ConfirmDialog's opened and onClose. */
    dialog: { opened, onClose: () => setOpened(false) },
  };
}
