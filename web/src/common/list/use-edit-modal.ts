import { useState } from 'react';

/**
 * An add/edit modal over a list: whether it is open and the record it edits (none when adding). The record stays
 * set while the modal closes, so its title and fields do not switch mid-animation.
 */
export function useEditModal<T>() {
  const [opened, setOpened] = useState(false);
  const [target, setTarget] = useState<T | null>(null);
  const open = (record: T | null) => {
    setTarget(record);
    setOpened(true);
  };
  return { opened, target, openAdd: () => open(null), openEdit: open, close: () => setOpened(false) };
}
