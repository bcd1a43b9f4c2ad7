import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for actions that take something away (Block). */
  danger?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A yes/no question before a row action; the confirm button spins until the call returns, then it closes. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, children, confirmLabel, danger, onConfirm, onClose } = props;
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered radius="md">
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} loading={busy} onClick={() => void confirm()} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
