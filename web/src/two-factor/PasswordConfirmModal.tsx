import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ConfirmDialogProps } from '../common/ConfirmDialog';
import { FailureAlert } from '../common/FailureAlert';
import { useFieldSubmit } from '../common/use-field-submit';

/** ConfirmDialog's question, answered with the password; a thrown error is shown and the dialog stays open. */
export type PasswordConfirmModalProps = Omit<ConfirmDialogProps, 'onConfirm'> & {
  onConfirm: (password: string) => Promise<void>;
};

/** Asks for the password again before an action that weakens or replaces a second factor. */
export function PasswordConfirmModal(props: PasswordConfirmModalProps) {
  const { opened, title, children, confirmLabel, danger, onConfirm, onClose } = props;
  const [password, setPassword] = useState('');
  const { fieldError, failure, busy, run, clear, clearFieldError } = useFieldSubmit();

  const close = () => {
    if (busy) return;
    setPassword('');
    clear();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const confirm = async () => {
      await onConfirm(password);
      setPassword('');
    };
    return run(password ? null : 'Password is required', confirm, { idleAfter: true });
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered radius="md">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm">{children}</Text>
          <FailureAlert>{failure}</FailureAlert>
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              if (fieldError) clearFieldError();
            }}
            error={fieldError}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
