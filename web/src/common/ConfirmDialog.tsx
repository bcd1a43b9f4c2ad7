import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBusy } from './use-busy';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for actions that take something away (Block). */
  danger?: boolean;
  /** A field the question needs answered (a reject's note), under the question. */
  extra?: ReactNode;
  /** Why the confirm button is off (the field is still empty): it stays off until this is null. */
  blocked?: string | null;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A yes/no question before a row action; the confirm button spins until the call returns, then it closes. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, children, confirmLabel, danger, extra, blocked = null, onConfirm, onClose } = props;
  const [busy, whileBusy] = useBusy();
  const confirm = () => whileBusy(onConfirm).finally(onClose);

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered radius="md">
      <Text size="sm">{children}</Text>
      {extra}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          loading={busy}
          disabled={blocked !== null}
          title={blocked ?? undefined}
          onClick={() => void confirm()}
          data-autofocus={extra ? undefined : true}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
