import { zodResolver } from '@hookform/resolvers/zod';
import { Divider, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { profileSchema } from '../../../shared/schemas/user';
import * as z from '../../../shared/schemas/z';
import { FormActions } from '../common/FormActions';
import { FormError } from '../common/FormError';
import { ContentLoader } from '../common/LoadingScreen';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import type { CurrentUser } from '../session/types';
import { updateProfile } from '../users/api';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** The form's fields; the version comes from the current user as loaded. */
const profileFormSchema = z.omit(profileSchema, { version: true });
type ProfileForm = z.input<typeof profileFormSchema>;
type ProfileValues = z.output<typeof profileFormSchema>;

const toForm = (user: CurrentUser): ProfileForm => ({
  name: user.name ?? '',
  phone: user.phone ?? '',
  addressLine1: user.addressLine1 ?? '',
  addressLine2: user.addressLine2 ?? '',
  city: user.city ?? '',
  pincode: user.pincode ?? '',
});

/** SPEC §2 Profile: one's own details. Email shows but is not changed here. */
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
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm, unknown, ProfileValues>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: toForm(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await updateProfile({ version: user.version ?? 0, ...values });
      notifySuccess('Profile updated Successfully');
      session.update(updated);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Profile">
        <FormError error={failure} onReload={() => session.refresh()} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Email"
            value={user.email}
            disabled
            readOnly
            description="Your sign-in email; an administrator can change it"
          />
          <TextInput label="Name" autoComplete="name" withAsterisk error={errors.name?.message} {...register('name')} />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            withAsterisk
            error={errors.phone?.message}
            {...register('phone')}
          />
        </SimpleGrid>
        <Divider my="lg" label="Address" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Address Line 1"
            autoComplete="address-line1"
            error={errors.addressLine1?.message}
            {...register('addressLine1')}
          />
          <TextInput
            label="Address Line 2"
            autoComplete="address-line2"
            error={errors.addressLine2?.message}
            {...register('addressLine2')}
          />
          <TextInput label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
          <TextInput
            label="Pincode"
            autoComplete="postal-code"
            error={errors.pincode?.message}
            {...register('pincode')}
          />
        </SimpleGrid>
        <FormActions submitLabel="Save" submitting={isSubmitting} />
      </form>
    </Paper>
  );
}
