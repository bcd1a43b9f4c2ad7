import { Divider, PasswordInput, Stack } from '@mantine/core';
import { ownPasswordChangeSchema } from '../../../shared/schemas/user';
import type * as z from '../../../shared/schemas/z';
import { setToken } from '../api/token';
import type { ScreenProps } from '../app/screen';
import { FormActions } from '../common/FormActions';
import { FormCard } from '../common/form/FormCard';
import { inputBinder } from '../common/form/input-binder';
import { useSaveForm } from '../common/form/use-save-form';
import { useSchemaForm } from '../common/form/use-schema-form';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { changeOwnPassword } from '../users/api';
import { PasswordFields } from '../users/PasswordFields';

/**
 * One's own password change takes the current password (a session left open is not enough to take the account
 * over), then the new one twice. An admin setting someone else's password has no such field.
 */
type PasswordForm = z.input<typeof ownPasswordChangeSchema>;

const EMPTY: PasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * CONTRACT.md §2 Change Password (own). The API ends every session of the user, so the token it returns is stored
 * at once: this tab stays signed in, other devices are signed out.
 */
export function ChangePasswordPage({ title, backTo }: ScreenProps) {
  const form = useSchemaForm(ownPasswordChangeSchema, EMPTY);

  const save = useSaveForm(form, async ({ currentPassword, password, confirmPassword }) => {
    const { token } = await changeOwnPassword({ currentPassword, password, confirmPassword });
    setToken(token);
    notifySuccess('Password Updated Successfully');
    form.reset(EMPTY);
  });

  return (
    <>
      <PageHeader
        title={title}
        backTo={backTo}
        description="Other devices signed in to your account are signed out when the password changes."
      />
      <FormCard
        label="Change Password"
        save={save}
        maw={480}
        actions={<FormActions submitLabel="Change Password" submitting={save.submitting} />}
      >
        <Stack gap="md">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            withAsterisk
            {...inputBinder(form)('currentPassword')}
          />
          <Divider />
          <PasswordFields form={form} />
        </Stack>
      </FormCard>
    </>
  );
}
