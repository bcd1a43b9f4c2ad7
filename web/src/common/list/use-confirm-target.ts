import { useState } from 'react';
import { type RowActionCall, runRowAction } from './row-action';

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

/**
 * A row action behind a confirm dialog (Block, Activate, Publish): `ask(row)` opens the dialog, whose confirm button
 * runs `action(row)` through runRowAction. `dialog` is ConfirmDialog's opened, onClose and onConfirm.
 */
export function useConfirmedRowAction<T>(action: (row: T) => RowActionCall) {
  const { target, ask, dialog } = useConfirmTarget<T>();
  const onConfirm = async () => {
    if (target) await runRowAction(action(target));
  };
  return { target, ask, dialog: { ...dialog, onConfirm } };
}
