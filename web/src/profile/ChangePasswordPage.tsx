import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { passwordChangeSchema } from '../../../shared/schemas/user';
import type * as z from '../../../shared/schemas/z';
import { setToken } from '../api/token';
import { FormActions } from '../common/FormActions';
import { FormError } from '../common/FormError';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../routes';
import { changeOwnPassword } from '../users/api';
import { PasswordFields } from '../users/PasswordFields';

type PasswordForm = z.input<typeof passwordChangeSchema>;
type PasswordValues = z.output<typeof passwordChangeSchema>;

const EMPTY: PasswordForm = { password: '', confirmPassword: '' };

/**
 * SPEC §2 Change Password (own). The API ends every session of the user, so the token it returns is stored
 * at once: this tab stays signed in, other devices are signed out.
 */
export function ChangePasswordPage({ title, backTo }: ScreenProps) {
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<PasswordForm, unknown, PasswordValues>({
    resolver: zodResolver(passwordChangeSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit(async ({ password, confirmPassword }) => {
    setFailure(null);
    try {
      const { token } = await changeOwnPassword({ password, confirmPassword });
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
            <PasswordFields form={form} />
          </Stack>
          <FormActions submitLabel="Change Password" submitting={form.formState.isSubmitting} />
        </form>
      </Paper>
    </>
  );
}
