import { TextInput } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { inputBinder } from '../common/form/input-binder';
import { withController } from '../common/form/with-controller';
import type { RoleRef } from '../session/types';
import { RolesSelect } from './RolesSelect';

interface UserValues extends FieldValues {
  email: string;
  name: string;
  phone: string;
  roles?: string[];
}

const RolesController = withController(RolesSelect);

interface UserFieldsProps<T extends UserValues, V extends FieldValues> {
  form: UseFormReturn<T, unknown, V>;
  /** The roles the user holds now (Edit User): one blocked since still shows. */
  currentRoles?: RoleRef[];
  disabled?: boolean;
}

/** Email, Name, Phone and Roles: the fields Create User and Edit User share (CONTRACT.md §2). */
export function UserFields<T extends UserValues, V extends FieldValues>({
  form,
  currentRoles,
  disabled,
}: UserFieldsProps<T, V>) {
  const input = inputBinder(form);
  const field = (name: keyof UserValues) => input(name as Path<T>);
  return (
    <>
      <TextInput label="Email" type="email" autoComplete="off" withAsterisk {...field('email')} />
      <TextInput label="Name" autoComplete="off" withAsterisk {...field('name')} />
      <TextInput label="Phone" type="tel" autoComplete="off" withAsterisk {...field('phone')} />
      <RolesController
        control={form.control}
        name={'roles' as Path<T>}
        format={(roles) => (roles as string[] | undefined) ?? []}
        current={currentRoles}
        disabled={disabled}
      />
    </>
  );
}
