import { Divider, Stack, TextInput } from '@mantine/core';
import { profileSchema } from '../../../shared/schemas/user';
import * as z from '../../../shared/schemas/z';
import type { ScreenProps } from '../app/screen';
import { FieldGrid } from '../common/FieldGrid';
import { FormActions } from '../common/FormActions';
import { FormCard } from '../common/form/FormCard';
import { inputBinder } from '../common/form/input-binder';
import { useSaveForm } from '../common/form/use-save-form';
import { useSchemaForm } from '../common/form/use-schema-form';
import { ContentLoader } from '../common/LoadingScreen';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { useSession } from '../session/session-context';
import type { CurrentUser } from '../session/types';
import { updateProfile } from '../users/api';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** The form's fields; the version comes from the current user as loaded. */
const profileFormSchema = z.omit(profileSchema, { version: true });
type ProfileForm = z.input<typeof profileFormSchema>;

const toForm = (user: CurrentUser): ProfileForm => ({
  name: user.name ?? '',
  phone: user.phone ?? '',
  addressLine1: user.addressLine1 ?? '',
  addressLine2: user.addressLine2 ?? '',
  city: user.city ?? '',
  pincode: user.pincode ?? '',
});

/** CONTRACT.md §2 Profile: one's own details. Email shows but is not changed here. */
export function ProfilePage({ title, backTo }: ScreenProps) {
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title={title}
        backTo={backTo}
        description="Your own details, as other staff see them, and how your account is kept safe."
      />
      {user ? (
        <Stack gap="lg" maw={820}>
          {/* A saved or re-read profile starts a fresh form at its new version. */}
          <ProfileFormCard key={`${user._id}:${user.version ?? 0}`} user={user} />
          <TwoFactorCard user={user} />
          <SessionsCard />
        </Stack>
      ) : (
        <ContentLoader />
      )}
    </>
  );
}

function ProfileFormCard({ user }: { user: CurrentUser }) {
  const session = useSession();
  const form = useSchemaForm(profileFormSchema, toForm(user));
  const input = inputBinder(form);

  const save = useSaveForm(form, async (values) => {
    const updated = await updateProfile({ version: user.version ?? 0, ...values });
    notifySuccess('Profile updated Successfully');
    session.update(updated);
  });

  return (
    <FormCard
      label="Profile"
      save={save}
      onReload={() => session.refresh()}
      actions={<FormActions submitLabel="Save" submitting={save.submitting} />}
    >
      <FieldGrid>
        <TextInput
          label="Email"
          value={user.email}
          disabled
          readOnly
          description="Your sign-in email; an administrator can change it"
        />
        <TextInput label="Name" autoComplete="name" withAsterisk {...input('name')} />
        <TextInput label="Phone" type="tel" autoComplete="tel" withAsterisk {...input('phone')} />
      </FieldGrid>
      <Divider my="lg" label="Address" labelPosition="left" />
      <FieldGrid>
        <TextInput label="Address Line 1" autoComplete="address-line1" {...input('addressLine1')} />
        <TextInput label="Address Line 2" autoComplete="address-line2" {...input('addressLine2')} />
        <TextInput label="City" autoComplete="address-level2" {...input('city')} />
        <TextInput label="Pincode" autoComplete="postal-code" {...input('pincode')} />
      </FieldGrid>
    </FormCard>
  );
}
