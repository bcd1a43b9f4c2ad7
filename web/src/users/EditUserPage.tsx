import { Alert, Anchor, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { changeUserRefusal } from '../../../shared/authority';
import { userEditSchema } from '../../../shared/schemas/user';
import * as z from '../../../shared/schemas/z';
import type { ScreenProps } from '../app/screen';
import { FieldGrid } from '../common/FieldGrid';
import { FormActions } from '../common/FormActions';
import { FormCard } from '../common/form/FormCard';
import { useSaveForm } from '../common/form/use-save-form';
import { useSchemaForm } from '../common/form/use-schema-form';
import { notifySuccess } from '../common/notify';
import { RecordScreen } from '../common/RecordScreen';
import { useSession } from '../session/session-context';
import { revalidateUsers, type UserDetail, updateUser, useUser } from './api';
import { UserFields } from './UserFields';
import { UserSecurityCard } from './UserSecurityCard';

/** The form's fields; _id and version come from the record that was loaded. */
const editFormSchema = z.omit(userEditSchema, { _id: true, version: true });
type EditForm = z.input<typeof editFormSchema>;

const toForm = (user: UserDetail): EditForm => ({
  email: user.email,
  name: user.name,
  phone: user.phone ?? '',
  roles: user.roles.map((role) => role._id),
});

/** CONTRACT.md §2 Edit User: email, name, phone and roles of someone else; button Update. */
export function EditUserPage({ title, backTo }: ScreenProps) {
  const { id } = useParams();
  const load = useUser(id);
  return (
    <RecordScreen title={title} backTo={backTo} load={load} noun="user">
      {/* A re-read record (Reload after a conflict) starts a fresh form at its version. */}
      {(user, reload) => (
        <Stack gap="lg" maw={820}>
          <EditUserForm key={`${user._id}:${user.version}`} user={user} reload={reload} backTo={backTo} />
          <UserSecurityCard user={user} />
        </Stack>
      )}
    </RecordScreen>
  );
}

interface EditUserFormProps {
  user: UserDetail;
  reload: () => Promise<unknown>;
  backTo?: string;
}

function EditUserForm({ user, reload, backTo }: EditUserFormProps) {
  const navigate = useNavigate();
  const { user: viewer } = useSession();
  const form = useSchemaForm(editFormSchema, toForm(user));

  const self = viewer?._id === user._id;
  const refusal = self ? null : changeUserRefusal(viewer ?? {}, user);
  const readOnly = self || refusal !== null;

  const save = useSaveForm(form, async (values) => {
    await updateUser({ _id: user._id, version: user.version, ...values });
    notifySuccess('User Updated Successfully');
    void revalidateUsers(user._id);
    navigate('/user');
  });

  return (
    <FormCard
      label="Edit User"
      save={save}
      onReload={reload}
      notice={
        <>
          {self && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
              This is your own account. Change your details on your{' '}
              <Anchor component={Link} to="/profile" inherit>
                Profile
              </Anchor>
              ; your roles can only be changed by another administrator.
            </Alert>
          )}
          {refusal && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
              {refusal}.
            </Alert>
          )}
        </>
      }
      readOnly={readOnly}
      actions={<FormActions submitLabel="Update" submitting={save.submitting} disabled={readOnly} cancelTo={backTo} />}
    >
      <FieldGrid>
        <UserFields form={form} currentRoles={user.roles} disabled={readOnly} />
      </FieldGrid>
    </FormCard>
  );
}
