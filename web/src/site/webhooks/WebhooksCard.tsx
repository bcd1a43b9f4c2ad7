import { Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { WebhookView } from '../../../../shared/schemas/webhook';
import { useApi } from '../../api/use-api';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { errorMessage } from '../../common/errors';
import { ListEmpty, ListRetry } from '../../common/ListStates';
import { notifyError, notifySuccess } from '../../common/notify';
import { useNow } from '../../common/use-now';
import { WebhookDeliveriesDrawer } from './WebhookDeliveriesDrawer';
import { WebhookFormModal } from './WebhookFormModal';
import { type WebhookAction, WebhookRow } from './WebhookRow';
import { changeWebhook, removeWebhook, revalidateWebhooks, WEBHOOKS_KEY } from './webhooks-api';

/** What is open over the card: the form (a new hook, or one to edit), a hook's deliveries, or a removal to confirm. */
type Open = { form: WebhookView | null } | { deliveries: WebhookView } | { removing: WebhookView } | null;

/** Runs a write, says how it went, and re-reads the list whatever happened. */
async function write(call: () => Promise<unknown>, done: string, failed: string) {
  try {
    await call();
    notifySuccess(done);
  } catch (failure) {
    notifyError(errorMessage(failure), failed);
  } finally {
    await revalidateWebhooks();
  }
}

/** Site Management (Edit): the addresses told when published content changes, each signed with its own secret. */
export function WebhooksCard() {
  const { data, error, isValidating, mutate } = useApi(WEBHOOKS_KEY);
  const now = useNow(60_000);
  const [open, setOpen] = useState<Open>(null);

  const act = (hook: WebhookView) => (action: WebhookAction) => {
    if (action === 'edit') setOpen({ form: hook });
    else if (action === 'deliveries') setOpen({ deliveries: hook });
    else if (action === 'remove') setOpen({ removing: hook });
    else
      void write(
        () => changeWebhook(hook._id, { version: hook.version, enabled: !hook.enabled }),
        `${hook.name} is switched ${hook.enabled ? 'off' : 'on'}`,
        `Could not switch ${hook.name} ${hook.enabled ? 'off' : 'on'}`,
      );
  };

  let body: ReactNode;
  if (error && !data) body = <ListRetry onRetry={() => void mutate()} busy={isValidating} />;
  else if (!data) body = <Skeleton h={52} radius="md" aria-label="Loading webhooks" />;
  else if (data.list.length === 0)
    body = <ListEmpty title="No webhooks yet">Add one to tell a reader-facing site when content changes.</ListEmpty>;
  else
    body = (
      <ul aria-label="Webhooks" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.list.map((hook, i) => (
          <WebhookRow key={hook._id} hook={hook} first={i === 0} now={now} onAction={act(hook)} />
        ))}
      </ul>
    );

  const removing = open && 'removing' in open ? open.removing : null;
  // The open hook as the list has it now (a switch or a delivery may have changed it since it was opened).
  const current = (hook: WebhookView) => data?.list.find((h) => h._id === hook._id) ?? hook;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="webhooks-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={2} fz="lg" id="webhooks-title">
            Webhooks
          </Title>
          <Text size="sm" c="dimmed" mt={4} mb="xs" maw={620}>
            Each address is told, in a signed POST, when the content it asked for is published, changed or removed. A
            hook that fails 20 times in a row, or answers 410 Gone, is switched off.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen({ form: null })}>
          New webhook
        </Button>
      </Group>
      {body}
      {open && 'form' in open && (
        <WebhookFormModal key={open.form?._id ?? 'new'} opened editing={open.form} onClose={() => setOpen(null)} />
      )}
      <WebhookDeliveriesDrawer
        hook={open && 'deliveries' in open ? current(open.deliveries) : null}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove webhook"
        confirmLabel="Remove"
        danger
        onConfirm={() =>
          removing
            ? write(
                () => removeWebhook(removing._id),
                `${removing.name} is removed`,
                `Could not remove ${removing.name}`,
              )
            : Promise.resolve()
        }
        onClose={() => setOpen(null)}
      >
        {`Remove ${removing?.name ?? 'this webhook'}? Nothing more is sent to it, deliveries waiting for a retry included, and its secret stops meaning anything.`}
      </ConfirmDialog>
    </Paper>
  );
}
