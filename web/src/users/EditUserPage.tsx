import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { userEditSchema } from '../../../shared/schemas/user';
import * as z from '../../../shared/schemas/z';
import { FormActions } from '../common/FormActions';
import { FormError } from '../common/FormError';
import { notifySuccess } from '../common/notify';
import { RecordScreen } from '../common/RecordScreen';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import { revalidateUsers, type UserDetail, updateUser, useUser } from './api';
import { RolesSelect } from './RolesSelect';
import { UserSecurityCard } from './UserSecurityCard';

/** The form's fields; _id and version come from the record that was loaded. */
const editFormSchema = z.omit(userEditSchema, { _id: true, version: true });
type EditForm = z.input<typeof editFormSchema>;
type EditValues = z.output<typeof editFormSchema>;

const toForm = (user: UserDetail): EditForm => ({
  email: user.email,
  name: user.name,
  phone: user.phone ?? '',
  roles: user.roles.map((role) => role._id),
});

/** SPEC §2 Edit User: email, name, phone and roles of someone else; button Update. */
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
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EditForm, unknown, EditValues>({
    resolver: zodResolver(editFormSchema),
    mode: 'onTouched',
    defaultValues: toForm(user),
  });

  const self = viewer?._id === user._id;
  const protectedAdmin = user.isSuperAdmin && !viewer?.isSuperAdmin;
  const readOnly = self || protectedAdmin;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await updateUser({ _id: user._id, version: user.version, ...values });
      notifySuccess('User Updated Successfully');
      void revalidateUsers(user._id);
      navigate('/user');
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      {self && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
          This is your own account. Change your details on your{' '}
          <Anchor component={Link} to="/profile" inherit>
            Profile
          </Anchor>
          ; your roles can only be changed by another administrator.
        </Alert>
      )}
      {protectedAdmin && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
          This user is a super admin: only a super admin can change their details.
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Edit User">
        <FormError error={failure} onReload={reload} />
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="off"
              withAsterisk
              error={errors.email?.message}
              {...register('email')}
            />
            <TextInput
              label="Name"
              autoComplete="off"
              withAsterisk
              error={errors.name?.message}
              {...register('name')}
            />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="off"
              withAsterisk
              error={errors.phone?.message}
              {...register('phone')}
            />
            <Controller
              control={control}
              name="roles"
              render={({ field, fieldState }) => (
                <RolesSelect
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  current={user.roles}
                  disabled={readOnly}
                />
              )}
            />
          </SimpleGrid>
        </fieldset>
        <FormActions submitLabel="Update" submitting={isSubmitting} disabled={readOnly} cancelTo={backTo} />
      </form>
    </Paper>
  );
}
