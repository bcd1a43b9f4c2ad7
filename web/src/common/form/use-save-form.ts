import { type BaseSyntheticEvent, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** A form's save as FormCard and ModalForm show it. */
export interface SaveState {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** What the last attempt threw, shown above the fields (CONTRACT.md §8); null once the next attempt starts. */
  failure: unknown;
  submitting: boolean;
}

/** A form's submit: react-hook-form validates, then `save` runs with the validated values. */
export function useSaveForm<T extends FieldValues, C, V>(
  form: UseFormReturn<T, C, V>,
  save: (values: V) => Promise<void>,
): SaveState {
  const [failure, setFailure] = useState<unknown>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(values);
    } catch (error) {
      setFailure(error);
    }
  });
  return { onSubmit, failure, submitting: form.formState.isSubmitting };
}
