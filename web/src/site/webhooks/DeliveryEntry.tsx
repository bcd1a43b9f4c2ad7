import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { CONTENT_EVENT_LABELS } from '../../../../shared/content-events';
import { formatDateTime } from '../../../../shared/format';
import type { WebhookDeliveryView } from '../../../../shared/schemas/webhook';
import { SmallButton } from '../../common/SmallButton';

interface DeliveryEntryProps {
  delivery: WebhookDeliveryView;
  first: boolean;
  /** Why Redeliver is off (the hook is switched off), or null. */
  blocked: string | null;
  busy: boolean;
  onRedeliver: () => void;
}

/** One attempt: the event, when, which attempt, the answer or the error, how long; Redeliver. */
export function DeliveryEntry({ delivery: d, first, blocked, busy, onRedeliver }: DeliveryEntryProps) {
  const label = `${CONTENT_EVENT_LABELS[d.event]}, ${formatDateTime(d.at)}`;
  const redeliver = (
    <SmallButton
      icon={IconRepeat}
      onClick={onRedeliver}
      loading={busy}
      disabled={blocked !== null}
      aria-label={`Redeliver ${label}`}
      style={{ flex: 'none' }}
    >
      Redeliver
    </SmallButton>
  );
  return (
    <li
      aria-label={label}
      style={{
        padding: 'var(--mantine-spacing-xs) 0',
        borderTop: first ? undefined : '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Badge size="sm" variant="light" color={d.ok ? 'green' : 'red'}>
              {d.status ?? 'No answer'}
            </Badge>
            <Text size="sm" fw={600}>
              {CONTENT_EVENT_LABELS[d.event]}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(d.at)} · attempt {d.attempt}
            {d.redelivery ? ' (redelivered)' : ''} · {d.durationMs} ms
          </Text>
          {d.error && (
            <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              {d.error}
            </Text>
          )}
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {d.eventId}
          </Text>
        </div>
        {blocked ? (
          <Tooltip label={blocked} withArrow>
            <span style={{ flex: 'none' }}>{redeliver}</span>
          </Tooltip>
        ) : (
          redeliver
        )}
      </Group>
    </li>
  );
}
