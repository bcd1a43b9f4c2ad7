import { TextInput } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { clientSchema } from '../../../shared/schemas/client';
import type * as z from '../../../shared/schemas/z';
import type { ScreenProps } from '../app/screen';
import { FieldGrid } from '../common/FieldGrid';
import { FormActions } from '../common/FormActions';
import { FormCard } from '../common/form/FormCard';
import { CreateRecordScreen, EditRecordScreen, type RecordFormProps } from '../common/form/form-screens';
import { inputBinder } from '../common/form/input-binder';
import { useSaveForm } from '../common/form/use-save-form';
import { useSchemaForm } from '../common/form/use-schema-form';
import { notifySuccess } from '../common/notify';
import { type Client, createClient, revalidateClients, updateClient, useClient } from './api';

type ClientForm = z.input<typeof clientSchema>;

const EMPTY: ClientForm = { name: '', email: '', mobile: '' };

const toForm = (client: Client): ClientForm => ({
  name: client.name,
  email: client.email ?? '',
  mobile: client.mobile ?? '',
});

function ClientFormCard({ record: client, reload, backTo }: RecordFormProps<Client>) {
  const navigate = useNavigate();
  const form = useSchemaForm(clientSchema, client ? toForm(client) : EMPTY);
  const input = inputBinder(form);

  const save = useSaveForm(form, async (values) => {
    if (client) await updateClient(client, values);
    else await createClient(values);
    // CONTRACT.md §8: the same popup after an update.
    notifySuccess('Client Added Successfully');
    void revalidateClients(client?._id);
    navigate('/client');
  });

  return (
    <FormCard
      label={client ? 'Update Client' : 'Add Client'}
      save={save}
      onReload={reload}
      maw={820}
      actions={<FormActions submitLabel={client ? 'Update' : 'Save'} submitting={save.submitting} cancelTo={backTo} />}
    >
      <FieldGrid>
        <TextInput label="Name" autoComplete="off" withAsterisk {...input('name')} />
        <TextInput label="Email" type="email" autoComplete="off" {...input('email')} />
        <TextInput label="Mobile" type="tel" autoComplete="off" {...input('mobile')} />
      </FieldGrid>
    </FormCard>
  );
}

/** CONTRACT.md §2 / §4: the client form in add mode. */
export const CreateClientPage = (screen: ScreenProps) => <CreateRecordScreen {...screen} form={ClientFormCard} />;

/** CONTRACT.md §4: update mode loads the client first. */
export const EditClientPage = (screen: ScreenProps) => (
  <EditRecordScreen {...screen} noun="client" useRecord={useClient} form={ClientFormCard} />
);
