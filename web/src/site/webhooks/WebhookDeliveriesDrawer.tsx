import { Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { WEBHOOK } from '../../../../shared/constants';
import type { WebhookView } from '../../../../shared/schemas/webhook';
import { useApi } from '../../api/use-api';
import { errorMessage } from '../../common/errors';
import { ListEmpty, ListRetry } from '../../common/ListStates';
import { notifyError, notifySuccess } from '../../common/notify';
import { SmallButton } from '../../common/SmallButton';
import { DeliveryEntry } from './DeliveryEntry';
import { deliveriesKey, redeliverWebhook } from './webhooks-api';

/** A hook's delivery log, newest attempt first, each with Redeliver; a full-width sheet on a phone. */
export function WebhookDeliveriesDrawer({ hook, onClose }: { hook: WebhookView | null; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={hook !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'lg'}
      title={hook ? `Deliveries of ${hook.name}` : 'Deliveries'}
    >
      {hook && <DeliveryLog hook={hook} />}
    </Drawer>
  );
}

function DeliveryLog({ hook }: { hook: WebhookView }) {
  const { data, error, isValidating, mutate } = useApi(deliveriesKey(hook._id), { refreshInterval: 10_000 });
  const [redelivering, setRedelivering] = useState<string | null>(null);
  const blocked = hook.enabled ? null : 'Switch the webhook on to deliver to it again';

  const redeliver = async (deliveryId: string) => {
    setRedelivering(deliveryId);
    try {
      await redeliverWebhook(hook._id, deliveryId);
      notifySuccess('Queued again: the new attempt shows here in a few seconds');
    } catch (failure) {
      notifyError(errorMessage(failure), 'Could not queue it again');
    } finally {
      setRedelivering(null);
      await mutate();
    }
  };

  let body: ReactNode;
  if (error && !data) body = <ListRetry onRetry={() => void mutate()} busy={isValidating} />;
  else if (!data) body = <Skeleton h={120} radius="md" aria-label="Loading deliveries" />;
  else if (data.list.length === 0)
    body = <ListEmpty title="No deliveries yet">Each attempt shows here once an event it asked for happens.</ListEmpty>;
  else
    body = (
      <ul aria-label="Delivery attempts" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.list.map((delivery, i) => (
          <DeliveryEntry
            key={delivery._id}
            delivery={delivery}
            first={i === 0}
            blocked={blocked}
            busy={redelivering === delivery._id}
            onRedeliver={() => void redeliver(delivery._id)}
          />
        ))}
      </ul>
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" maw={420}>
          The latest {WEBHOOK.deliveriesShown} attempts, kept {WEBHOOK.logDays} days. A failed one is tried again after
          1 min, 5 min, 30 min, 2 h, 6 h and 12 h.
        </Text>
        <SmallButton icon={IconRefresh} onClick={() => void mutate()} loading={isValidating && !!data}>
          Refresh
        </SmallButton>
      </Group>
      {body}
    </Stack>
  );
}
