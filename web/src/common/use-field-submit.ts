import { useState } from 'react';
import { errorMessage } from './errors';

export interface FieldSubmitOptions {
  /** What a failure says above the form (errorMessage when absent); null says nothing. */
  failure?: (error: unknown) => string | null;
  /** Ready for another try after a success; otherwise it stays busy, as the screen moves on. */
  idleAfter?: boolean;
}

/**
 * The submit of a one-field form (a code, a password): what is wrong with the typed value shows on the field;
 * otherwise both messages clear and the action runs, busy, and what it throws shows above the form.
 */
export function useFieldSubmit() {
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** `problem`: what is wrong with the typed value, or null to go ahead with `action`. */
  const run = async (problem: string | null, action: () => Promise<void>, options: FieldSubmitOptions = {}) => {
    if (problem) {
      setFieldError(problem);
      return;
    }
    setFieldError(null);
    setFailure(null);
    setBusy(true);
    try {
      await action();
      if (options.idleAfter) setBusy(false);
    } catch (error) {
      setBusy(false);
      setFailure((options.failure ?? errorMessage)(error));
    }
  };

  /** Clears both messages (the form starts over). */
  const clear = () => {
    setFieldError(null);
    setFailure(null);
  };

  return { fieldError, failure, busy, run, clear, clearFieldError: () => setFieldError(null) };
}
