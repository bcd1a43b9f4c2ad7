import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { passwordChangeSchema } from '../../../shared/schemas/user';
import type * as z from '../../../shared/schemas/z';
import { FormActions } from '../common/FormActions';
import { FormError } from '../common/FormError';
import { LoadFailed } from '../common/LoadFailed';
import { ContentLoader } from '../common/LoadingScreen';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import { changeUserPassword, type UserDetail, useUser } from './api';
import { PasswordFields } from './PasswordFields';

type PasswordForm = z.input<typeof passwordChangeSchema>;
type PasswordValues = z.output<typeof passwordChangeSchema>;

/** SPEC §2 Change Password for a user: email (disabled), name, password and its confirmation. */
export function ChangeUserPasswordPage({ title, backTo }: ScreenProps) {
  const { id } = useParams();
  const { user: viewer } = useSession();
  const { data, error, mutate } = useUser(id);

  // One's own password has its own screen, which also keeps this tab signed in.
  if (id && id === viewer?._id) return <Navigate to="/change-password" replace />;

  let content: ReactNode;
  if (data) content = <ChangeUserPasswordForm user={data} backTo={backTo} />;
  else if (error) content = <LoadFailed error={error} noun="user" backTo={backTo} onRetry={() => void mutate()} />;
  else content = <ContentLoader />;

  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      {content}
    </>
  );
}

function ChangeUserPasswordForm({ user, backTo }: { user: UserDetail; backTo?: string }) {
  const navigate = useNavigate();
  const { user: viewer } = useSession();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<PasswordForm, unknown, PasswordValues>({
    resolver: zodResolver(passwordChangeSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const locked = user.isSuperAdmin && !viewer?.isSuperAdmin;

  const onSubmit = form.handleSubmit(async ({ password, confirmPassword }) => {
    setFailure(null);
    try {
      await changeUserPassword({ _id: user._id, password, confirmPassword });
      notifySuccess('Password Updated Successfully');
      navigate('/user');
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={820}>
      <form onSubmit={onSubmit} noValidate aria-label="Change Password">
        {locked && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
            This user is a super admin: only a super admin can change their password.
          </Alert>
        )}
        <FormError error={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Email" value={user.email} disabled readOnly />
          <TextInput label="Name" value={user.name} readOnly variant="filled" />
          <PasswordFields form={form} />
        </SimpleGrid>
        <FormActions
          submitLabel="Change Password"
          submitting={form.formState.isSubmitting}
          disabled={locked}
          cancelTo={backTo}
        />
      </form>
    </Paper>
  );
}
