import { useNavigate } from 'react-router-dom';
import { userCreateSchema } from '../../../shared/schemas/user';
import type { ScreenProps } from '../app/screen';
import { FieldGrid } from '../common/FieldGrid';
import { FormActions } from '../common/FormActions';
import { FormCard } from '../common/form/FormCard';
import { useSaveForm } from '../common/form/use-save-form';
import { useSchemaForm } from '../common/form/use-schema-form';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { createUser, revalidateUsers } from './api';
import { PasswordFields } from './PasswordFields';
import { UserFields } from './UserFields';

/** CONTRACT.md §2 Create User: email, name, phone, roles (enabled only), password and its confirmation. */
export function CreateUserPage({ title, backTo }: ScreenProps) {
  const navigate = useNavigate();
  const form = useSchemaForm(userCreateSchema, {
    email: '',
    name: '',
    phone: '',
    roles: [],
    password: '',
    confirmPassword: '',
  });

  const save = useSaveForm(form, async (values) => {
    await createUser(values);
    notifySuccess('User Added Successfully');
    void revalidateUsers();
    navigate('/user');
  });

  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <FormCard
        label={title}
        save={save}
        maw={820}
        actions={<FormActions submitLabel="Create User" submitting={save.submitting} cancelTo={backTo} />}
      >
        <FieldGrid>
          <UserFields form={form} />
          <PasswordFields form={form} />
        </FieldGrid>
      </FormCard>
    </>
  );
}
