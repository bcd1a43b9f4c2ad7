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
  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await save(values);
      } catch (error) {
        setFailure(error);
      }
    },
    (_errors, event) => revealFirstInvalid(event?.target),
  );
  return { onSubmit, failure, submitting: form.formState.isSubmitting };
}

/**
 * A refused submit shows its first invalid field in the middle of what scrolls: react-hook-form focuses it, and the
 * browser scrolls it just into view, which in a modal puts it under the sticky header ('Name is required' hidden while
 * the user looks at Save at the bottom). Once the messages have rendered, after react-hook-form's own focus.
 */
function revealFirstInvalid(target: EventTarget | null | undefined): void {
  const form = target instanceof Element ? target.closest('form') : null;
  if (!form) return;
  setTimeout(() =>
    requestAnimationFrame(() => {
      const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.scrollIntoView?.({ block: 'center' });
    }),
  );
}
