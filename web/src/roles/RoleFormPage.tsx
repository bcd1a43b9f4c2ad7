import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Input, Paper, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { roleCreateSchema } from '../../../shared/schemas/role';
import type * as z from '../../../shared/schemas/z';
import { FormActions } from '../common/FormActions';
import { FormError } from '../common/FormError';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { RecordScreen } from '../common/RecordScreen';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import { createRole, type Role, revalidateRoles, updateRole, useRole } from './api';
import { PermissionGrid } from './PermissionGrid';
import { normalizePermissions } from './permission-grid';
import classes from './RoleForm.module.css';

type RoleForm = z.input<typeof roleCreateSchema>;
type RoleValues = z.output<typeof roleCreateSchema>;

const EMPTY: RoleForm = { name: '', description: '', modelPermissions: {}, requiresTwoFactor: false };

const toForm = (role: Role): RoleForm => ({
  name: role.name,
  description: role.description,
  modelPermissions: normalizePermissions(role.modelPermissions),
  requiresTwoFactor: role.requiresTwoFactor === true,
});

/** SPEC §2 Create Role. */
export function CreateRolePage({ title, backTo }: ScreenProps) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <RoleFormCard backTo={backTo} />
    </>
  );
}

/** SPEC §2 Edit Role; a role that is not editable is shown read-only (SPEC §5). */
export function EditRolePage({ title, backTo }: ScreenProps) {
  const { id } = useParams();
  const load = useRole(id);
  return (
    <RecordScreen title={title} backTo={backTo} load={load} noun="role">
      {/* A re-read role (Reload after a conflict) starts a fresh form at its version. */}
      {(role, reload) => (
        <RoleFormCard key={`${role._id}:${role.version}`} role={role} reload={reload} backTo={backTo} />
      )}
    </RecordScreen>
  );
}

interface RoleFormCardProps {
  /** Absent when creating. */
  role?: Role;
  reload?: () => Promise<unknown>;
  backTo?: string;
}

function RoleFormCard({ role, reload, backTo }: RoleFormCardProps) {
  const navigate = useNavigate();
  const session = useSession();
  const [failure, setFailure] = useState<unknown>(null);
  const readOnly = role !== undefined && !role.isEditable;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RoleForm, unknown, RoleValues>({
    resolver: zodResolver(roleCreateSchema),
    mode: 'onTouched',
    defaultValues: role ? toForm(role) : EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const changes = { ...values, modelPermissions: normalizePermissions(values.modelPermissions) };
    try {
      if (role) {
        await updateRole(role._id, role.version, changes);
        notifySuccess('Role Updated Successfully');
      } else {
        await createRole(changes);
        notifySuccess('Role Added Successfully');
      }
      void revalidateRoles(role?._id);
      // The signed-in user may hold this role: their sidebar and gates follow its new permissions.
      if (role) void session.refresh();
      navigate('/role');
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'xl' }}
      maw={900}
      className={readOnly ? classes.readOnly : undefined}
    >
      {readOnly && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="md" title="This role cannot be changed">
          It is a built-in role: its name, description and permissions are read-only, so it always works the way the
          portal expects.
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={role ? 'Edit Role' : 'Create Role'}>
        <FormError error={failure} onReload={reload} />
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <TextInput
              label="Name"
              autoComplete="off"
              withAsterisk
              maw={480}
              error={errors.name?.message}
              {...register('name')}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={6}
              withAsterisk
              error={errors.description?.message}
              {...register('description')}
            />
            <Controller
              control={control}
              name="requiresTwoFactor"
              render={({ field }) => (
                <Paper withBorder radius="md" p="md" shadow="none" bg="gray.0">
                  <Switch
                    label="Requires two-factor sign-in"
                    description={
                      field.value && !role?.requiresTwoFactor
                        ? 'Holders who have not set it up are asked to at their next step, before they can do anything else.'
                        : 'Holders also enter a code from an authenticator app when they sign in; those without one set it up first.'
                    }
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    disabled={readOnly}
                    thumbIcon={field.value ? <IconShieldCheck size={12} /> : undefined}
                  />
                </Paper>
              )}
            />
            <Input.Wrapper
              label="Permissions"
              description="What people with this role may do in each area. Edit:own lets them edit only what they created."
            >
              <Controller
                control={control}
                name="modelPermissions"
                render={({ field }) => (
                  <div style={{ marginTop: 8 }}>
                    <PermissionGrid
                      value={normalizePermissions(field.value)}
                      onChange={field.onChange}
                      disabled={readOnly}
                    />
                  </div>
                )}
              />
            </Input.Wrapper>
          </Stack>
        </fieldset>
        <FormActions submitLabel="Save" submitting={isSubmitting} disabled={readOnly} cancelTo={backTo} />
      </form>
    </Paper>
  );
}
