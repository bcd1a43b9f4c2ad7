import { Alert, Button, Group, Modal } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { CreatedWebhook, WebhookView } from '../../../../shared/schemas/webhook';
import { errorMessage } from '../../common/errors';
import { notifySuccess } from '../../common/notify';
import { useBusy } from '../../common/use-busy';
import { WebhookFields } from './WebhookFields';
import { WebhookSecret } from './WebhookSecret';
import { EMPTY_WEBHOOK, type WebhookFormValues, webhookFormProblems } from './webhook-form';
import { addWebhook, changeWebhook, revalidateWebhooks } from './webhooks-api';

interface WebhookFormModalProps {
  opened: boolean;
  /** The hook to edit; null adds one (and then shows its secret once). */
  editing: WebhookView | null;
  onClose: () => void;
}

const valuesOf = (hook: WebhookView | null): WebhookFormValues =>
  hook ? { name: hook.name, url: hook.url, events: hook.events } : EMPTY_WEBHOOK;

/** New webhook (then its secret, once) or Edit webhook: name, address and events, checked as the API checks them. */
export function WebhookFormModal({ opened, editing, onClose }: WebhookFormModalProps) {
  const [values, setValues] = useState<WebhookFormValues>(() => valuesOf(editing));
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [made, setMade] = useState<CreatedWebhook | null>(null);
  const [busy, whileBusy] = useBusy();
  const problems = checked ? webhookFormProblems(values) : {};

  const close = () => {
    setMade(null);
    onClose();
  };

  const save = () =>
    whileBusy(async () => {
      setChecked(true);
      setFailure(null);
      if (Object.keys(webhookFormProblems(values)).length > 0) return;
      const body = { ...values, name: values.name.trim(), url: values.url.trim() };
      try {
        if (editing) {
          await changeWebhook(editing._id, { ...body, version: editing.version });
          notifySuccess(`${body.name} is saved`);
          onClose();
        } else {
          setMade(await addWebhook(body));
        }
      } catch (error) {
        setFailure(errorMessage(error));
      } finally {
        await revalidateWebhooks();
      }
    });

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : close}
      title={editing ? 'Edit webhook' : 'New webhook'}
      centered
      radius="md"
      size="lg"
    >
      {made ? (
        <WebhookSecret made={made} onDone={close} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} mb="md" role="alert">
              {failure}
            </Alert>
          )}
          <WebhookFields values={values} problems={problems} onChange={setValues} />
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save' : 'Add webhook'}
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
