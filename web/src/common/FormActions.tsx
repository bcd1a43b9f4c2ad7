import { Button, Group } from '@mantine/core';
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
