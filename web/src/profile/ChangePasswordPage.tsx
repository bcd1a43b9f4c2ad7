import { zodResolver } from '@hookform/resolvers/zod';
import { Divider, Paper, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ownPasswordChangeSchema } from '../../../shared/schemas/user';
import type * as z from '../../../shared/schemas/z';
import { setToken } from '../api/token';
import { FormActions } from '../common/FormActions';
import { FormError } from '../common/FormError';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../routes';
import { changeOwnPassword } from '../users/api';
import { PasswordFields } from '../users/PasswordFields';

/**
 * One's own password change takes the current password (a session left open is not enough to take the account
 * over), then the new one twice. An admin setting someone else's password has no such field.
 */
type PasswordForm = z.input<typeof ownPasswordChangeSchema>;
type PasswordValues = z.output<typeof ownPasswordChangeSchema>;

const EMPTY: PasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * SPEC §2 Change Password (own). The API ends every session of the user, so the token it returns is stored
 * at once: this tab stays signed in, other devices are signed out.
 */
export function ChangePasswordPage({ title, backTo }: ScreenProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<PasswordForm, unknown, PasswordValues>({
    resolver: zodResolver(ownPasswordChangeSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit(async ({ currentPassword, password, confirmPassword }) => {
    setFailure(null);
    try {
      const { token } = await changeOwnPassword({ currentPassword, password, confirmPassword });
      setToken(token);
      notifySuccess('Password Updated Successfully');
      form.reset(EMPTY);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <>
      <PageHeader
        title={title}
        backTo={backTo}
        description="Other devices signed in to your account are signed out when the password changes."
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={480}>
        <form onSubmit={onSubmit} noValidate aria-label="Change Password">
          <FormError error={failure} />
          <Stack gap="md">
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              withAsterisk
              error={form.formState.errors.currentPassword?.message}
              {...form.register('currentPassword')}
            />
            <Divider />
            <PasswordFields form={form} />
          </Stack>
          <FormActions submitLabel="Change Password" submitting={form.formState.isSubmitting} />
        </form>
      </Paper>
    </>
  );
}
