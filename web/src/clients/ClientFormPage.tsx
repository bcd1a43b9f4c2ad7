import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { clientSchema } from '../../../shared/schemas/client';
import type * as z from '../../../shared/schemas/z';
import { FormActions } from '../common/FormActions';
import { FormError } from '../common/FormError';
import { notifySuccess } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { RecordScreen } from '../common/RecordScreen';
import type { ScreenProps } from '../routes';
import { type Client, createClient, revalidateClients, updateClient, useClient } from './api';

type ClientForm = z.input<typeof clientSchema>;
type ClientValues = z.output<typeof clientSchema>;

const EMPTY: ClientForm = { name: '', email: '', mobile: '' };

const toForm = (client: Client): ClientForm => ({
  name: client.name,
  email: client.email ?? '',
  mobile: client.mobile ?? '',
});

/** SPEC §2 / §4: the client form in add mode (no id). */
export function CreateClientPage({ title, backTo }: ScreenProps) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <ClientFormCard backTo={backTo} />
    </>
  );
}

/** SPEC §4: update mode has an id and loads the record first. */
export function EditClientPage({ title, backTo }: ScreenProps) {
  const { id } = useParams();
  const load = useClient(id);
  return (
    <RecordScreen title={title} backTo={backTo} load={load} noun="client">
      {/* A re-read record (Reload after a conflict) starts a fresh form at its version. */}
      {(client, reload) => (
        <ClientFormCard key={`${client._id}:${client.version}`} client={client} reload={reload} backTo={backTo} />
      )}
    </RecordScreen>
  );
}

interface ClientFormCardProps {
  /** Absent when adding. */
  client?: Client;
  reload?: () => Promise<unknown>;
  backTo?: string;
}

function ClientFormCard({ client, reload, backTo }: ClientFormCardProps) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ClientForm, unknown, ClientValues>({
    resolver: zodResolver(clientSchema),
    mode: 'onTouched',
    defaultValues: client ? toForm(client) : EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (client) await updateClient(client, values);
      else await createClient(values);
      // SPEC §8: the same popup after an update.
      notifySuccess('Client Added Successfully');
      void revalidateClients(client?._id);
      navigate('/client');
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={820}>
      <form onSubmit={onSubmit} noValidate aria-label={client ? 'Update Client' : 'Add Client'}>
        <FormError error={failure} onReload={reload} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Name" autoComplete="off" withAsterisk error={errors.name?.message} {...register('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label="Mobile"
            type="tel"
            autoComplete="off"
            error={errors.mobile?.message}
            {...register('mobile')}
          />
        </SimpleGrid>
        <FormActions submitLabel={client ? 'Update' : 'Save'} submitting={isSubmitting} cancelTo={backTo} />
      </form>
    </Paper>
  );
}
