import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { userCreateSchema } from '../../../shared/schemas/user';
import type * as z from '../../../shared/schemas/z';
import { FormActions } from '../common/FormActions';
import { FormError } from '../common/FormError';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../routes';
import { createUser, revalidateUsers } from './api';
import { PasswordFields } from './PasswordFields';
import { RolesSelect } from './RolesSelect';

type CreateForm = z.input<typeof userCreateSchema>;
type CreateValues = z.output<typeof userCreateSchema>;

/** SPEC §2 Create User: email, name, phone, roles (enabled only), password and its confirmation. */
export function CreateUserPage({ title, backTo }: ScreenProps) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<CreateForm, unknown, CreateValues>({
    resolver: zodResolver(userCreateSchema),
    mode: 'onTouched',
    defaultValues: { email: '', name: '', phone: '', roles: [], password: '', confirmPassword: '' },
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await createUser(values);
      notifySuccess('User Added Successfully');
      void revalidateUsers();
      navigate('/user');
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={820}>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <FormError error={failure} />
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
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <PasswordFields form={form} />
          </SimpleGrid>
          <FormActions submitLabel="Create User" submitting={isSubmitting} cancelTo={backTo} />
        </form>
      </Paper>
    </>
  );
}
