import { Alert, Input, Paper, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ROLE_TEMPLATES, templateFor } from '../../../shared/role-templates';
import { roleCreateSchema } from '../../../shared/schemas/role';
import type * as z from '../../../shared/schemas/z';
import type { ScreenProps } from '../app/screen';
import { FormActions } from '../common/FormActions';
import { FormCard } from '../common/form/FormCard';
import { CreateRecordScreen, EditRecordScreen, type RecordFormProps } from '../common/form/form-screens';
import { inputBinder } from '../common/form/input-binder';
import { useSaveForm } from '../common/form/use-save-form';
import { useSchemaForm } from '../common/form/use-schema-form';
import { notifySuccess } from '../common/notify';
import { useSession } from '../session/session-context';
import { createRole, type Role, revalidateRoles, updateRole, useRole } from './api';
import { PermissionGrid } from './PermissionGrid';
import { normalizePermissions } from './permission-grid';
import classes from './RoleForm.module.css';

type RoleForm = z.input<typeof roleCreateSchema>;

const EMPTY: RoleForm = { name: '', description: '', modelPermissions: {}, requiresTwoFactor: false };

const toForm = (role: Role): RoleForm => ({
  name: role.name,
  description: role.description,
  modelPermissions: normalizePermissions(role.modelPermissions),
  requiresTwoFactor: role.requiresTwoFactor === true,
});

/** CONTRACT.md §2 Create Role. */
export const CreateRolePage = (screen: ScreenProps) => <CreateRecordScreen {...screen} form={RoleFormCard} />;

/** CONTRACT.md §2 Edit Role; a role that is not editable is shown read-only (CONTRACT.md §5). */
export const EditRolePage = (screen: ScreenProps) => (
  <EditRecordScreen {...screen} noun="role" useRecord={useRole} form={RoleFormCard} />
);

function RoleFormCard({ record: role, reload, backTo }: RecordFormProps<Role>) {
  const navigate = useNavigate();
  const session = useSession();
  const readOnly = role !== undefined && !role.isEditable;
  const form = useSchemaForm(roleCreateSchema, role ? toForm(role) : EMPTY);
  const { control } = form;
  const input = inputBinder(form);
  const { template, leftOut, startFrom } = useRoleTemplate(form);

  const save = useSaveForm(form, async (values) => {
    const changes = { ...values, modelPermissions: normalizePermissions(values.modelPermissions) };
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
  });

  return (
    <FormCard
      label={role ? 'Edit Role' : 'Create Role'}
      save={save}
      onReload={reload}
      padding="sm"
      maw={900}
      className={readOnly ? classes.readOnly : undefined}
      notice={
        readOnly && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="md" title="This role cannot be changed">
            It is a built-in role: its name, description and permissions are read-only, so it always works the way the
            portal expects.
          </Alert>
        )
      }
      readOnly={readOnly}
      actions={<FormActions submitLabel="Save" submitting={save.submitting} disabled={readOnly} cancelTo={backTo} />}
    >
      <Stack gap="md">
        {!role && (
          <Select
            label="Start from"
            description="A ready-made role fills the permissions below; change anything before saving."
            placeholder="A blank role"
            data={ROLE_TEMPLATES.map((t) => ({ value: t.key, label: t.name }))}
            value={template}
            onChange={startFrom}
            clearable
            maw={480}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {leftOut.length > 0 && (
          <Alert color="yellow" variant="light" title="Left out: you do not hold these yourself">
            {leftOut.join(', ')}
          </Alert>
        )}
        <TextInput label="Name" autoComplete="off" withAsterisk maw={480} {...input('name')} />
        <Textarea label="Description" autosize minRows={2} maxRows={6} withAsterisk {...input('description')} />
        <RequiresTwoFactorSwitch form={form} role={role} readOnly={readOnly} />
        <Input.Wrapper
          label="Permissions"
          description="What people with this role may do in each area. Edit:own lets them edit only what they created; Remove moves records to the trash."
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
    </FormCard>
  );
}

type RoleFormApi = ReturnType<typeof useSchemaForm<typeof roleCreateSchema>>;

/**
 * "Start from": a ready-made role fills the grid (and an empty name and description), with only what the user may
 * hand out themselves: the API refuses a role granting more than its maker holds (CONTRACT.md §6, no escalation).
 */
function useRoleTemplate(form: RoleFormApi) {
  const session = useSession();
  const [template, setTemplate] = useState<string | null>(null);
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const startFrom = (key: string | null) => {
    setTemplate(key);
    const picked = ROLE_TEMPLATES.find((t) => t.key === key);
    if (!picked) {
      setLeftOut([]);
      return;
    }
    const filled = templateFor(picked, session.user ?? {});
    form.setValue('modelPermissions', filled.modelPermissions, { shouldDirty: true });
    if (!form.getValues('name')) form.setValue('name', picked.name, { shouldDirty: true });
    if (!form.getValues('description')) form.setValue('description', picked.description, { shouldDirty: true });
    setLeftOut(filled.leftOut);
  };
  return { template, leftOut, startFrom };
}

/** The role's two-factor requirement, explaining what turning it on does to holders who have none yet. */
function RequiresTwoFactorSwitch({ form, role, readOnly }: { form: RoleFormApi; role?: Role; readOnly: boolean }) {
  return (
    <Controller
      control={form.control}
      name="requiresTwoFactor"
      render={({ field }) => (
        <Paper withBorder radius="md" p="md" shadow="none" bg="var(--app-surface-subtle)">
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
  );
}
