import { Alert, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { changeUserRefusal } from '../../../shared/authority';
import { passwordChangeSchema } from '../../../shared/schemas/user';
import type { ScreenProps } from '../app/screen';
import { FieldGrid } from '../common/FieldGrid';
import { FormActions } from '../common/FormActions';
import { FormCard } from '../common/form/FormCard';
import { useSaveForm } from '../common/form/use-save-form';
import { useSchemaForm } from '../common/form/use-schema-form';
import { LoadFailed } from '../common/LoadFailed';
import { ContentLoader } from '../common/LoadingScreen';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { useSession } from '../session/session-context';
import { changeUserPassword, type UserDetail, useUser } from './api';
import { PasswordFields } from './PasswordFields';

/** CONTRACT.md §2 Change Password for a user: email (disabled), name, password and its confirmation. */
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
  const form = useSchemaForm(passwordChangeSchema, { password: '', confirmPassword: '' });
  const locked = changeUserRefusal(viewer ?? {}, user);

  const save = useSaveForm(form, async ({ password, confirmPassword }) => {
    await changeUserPassword({ _id: user._id, password, confirmPassword });
    notifySuccess('Password Updated Successfully');
    navigate('/user');
  });

  return (
    <FormCard
      label="Change Password"
      save={save}
      maw={820}
      notice={
        locked && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
            {locked}.
          </Alert>
        )
      }
      actions={
        <FormActions
          submitLabel="Change Password"
          submitting={save.submitting}
          disabled={locked !== null}
          cancelTo={backTo}
        />
      }
    >
      <FieldGrid>
        <TextInput label="Email" value={user.email} disabled readOnly />
        <TextInput label="Name" value={user.name} readOnly variant="filled" />
        <PasswordFields form={form} />
      </FieldGrid>
    </FormCard>
  );
}
