import { PasswordInput } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { inputBinder } from '../common/form/input-binder';

interface PasswordValues extends FieldValues {
  password: string;
  confirmPassword: string;
}

/**
 * Password and Confirm Password (CONTRACT.md §5). Once Confirm Password has been touched, editing Password re-checks
 * the match, so 'Your passwords do not match.' appears and clears as the user types.
 */
export function PasswordFields<T extends PasswordValues, V extends FieldValues>({
  form,
}: {
  form: UseFormReturn<T, unknown, V>;
}) {
  const password = 'password' as Path<T>;
  const confirmPassword = 'confirmPassword' as Path<T>;
  const input = inputBinder(form);
  const recheckConfirmation = () => {
    if (form.getFieldState(confirmPassword).isTouched) void form.trigger(confirmPassword);
  };
  return (
    <>
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        withAsterisk
        {...input(password, { onChange: recheckConfirmation })}
      />
      <PasswordInput label="Confirm Password" autoComplete="new-password" withAsterisk {...input(confirmPassword)} />
    </>
  );
}
