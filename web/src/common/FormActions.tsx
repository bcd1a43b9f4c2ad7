import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface FormActionsProps {
  submitLabel: string;
  submitting: boolean;
  disabled?: boolean;
  /** Where Cancel goes (the form's back target); no Cancel when absent. */
  cancelTo?: string;
}

/** The buttons under a form: Cancel (back to the list) and the submit button. */
export function FormActions({ submitLabel, submitting, disabled, cancelTo }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm" mt="xl">
      {cancelTo && (
        <Button component={Link} to={cancelTo} variant="default">
          Cancel
        </Button>
      )}
      <Button type="submit" loading={submitting} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** A line under the form's buttons while files upload: why saving waits. */
export function UploadingNote({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" ta="right" mt={4} role="status">
      {children}
    </Text>
  );
}
