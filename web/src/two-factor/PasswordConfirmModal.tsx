import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ConfirmDialogProps } from '../common/ConfirmDialog';
import { errorMessage } from '../common/errors';
import { FailureAlert } from '../common/FailureAlert';

/** ConfirmDialog's question, answered with the password; a thrown error is shown and the dialog stays open. */
export type PasswordConfirmModalProps = Omit<ConfirmDialogProps, 'onConfirm'> & {
  onConfirm: (password: string) => Promise<void>;
};

/** Asks for the password again before an action that weakens or replaces a second factor. */
export function PasswordConfirmModal(props: PasswordConfirmModalProps) {
  const { opened, title, children, confirmLabel, danger, onConfirm, onClose } = props;
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setPassword('');
    setFieldError(null);
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError('Password is required');
      return;
    }
    setFieldError(null);
    setFailure(null);
    setBusy(true);
    try {
      await onConfirm(password);
      setPassword('');
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
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
              if (fieldError) setFieldError(null);
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
