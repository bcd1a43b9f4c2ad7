import { Alert, Badge, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconHistory,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { CONTENT_EVENT_LABELS } from '../../../../shared/content-events';
import { formatDateTime } from '../../../../shared/format';
import type { WebhookView } from '../../../../shared/schemas/webhook';
import { SmallButton } from '../../common/SmallButton';
import { relativeTime } from '../../dashboard/relative-time';
import classes from './WebhookRow.module.css';

export type WebhookAction = 'deliveries' | 'edit' | 'toggle' | 'remove';

interface WebhookRowProps {
  hook: WebhookView;
  first: boolean;
  now: Date;
  onAction: (action: WebhookAction) => void;
}

/** Its state as a badge: on, on but failing (how many in a row), or switched off. */
function StateBadge({ hook }: { hook: WebhookView }) {
  if (!hook.enabled)
    return (
      <Badge size="sm" variant="light" color={hook.disabledBy ? 'gray' : 'red'}>
        Switched off
      </Badge>
    );
  if (hook.consecutiveFailures > 0)
    return (
      <Badge size="sm" variant="light" color="orange">
        Failing · {hook.consecutiveFailures} in a row
      </Badge>
    );
  return (
    <Badge size="sm" variant="light" color="green">
      Enabled
    </Badge>
  );
}

/** Why a hook is off: by whom, or the deliveries' reason (red: the receiver needs fixing before it is on again). */
function SwitchedOff({ hook }: { hook: WebhookView }) {
  const when = hook.disabledAt ? formatDateTime(hook.disabledAt) : '';
  return (
    <Alert
      color={hook.disabledBy ? 'gray' : 'red'}
      variant="light"
      icon={<IconAlertTriangle size={16} />}
      mt="xs"
      p="xs"
    >
      <Text size="xs">
        {hook.disabledBy
          ? `Switched off by ${hook.disabledBy.name} on ${when}. Nothing is sent to it until it is switched on.`
          : `Switched off ${when}: ${hook.disabledReason ?? 'it kept failing'}. Switch it on again once the receiver is fixed.`}
      </Text>
    </Alert>
  );
}

function lastAttemptText(hook: WebhookView, now: Date): string {
  const last = hook.lastAttempt;
  if (!last) return 'Nothing delivered yet';
  const how = last.ok ? `delivered (${last.status})` : `failed${last.status ? ` (${last.status})` : ''}`;
  return `Last attempt ${relativeTime(last.at, now)}: ${how}`;
}

/** One hook: name, state, address, events, secret's start, maker, last attempt, why it is off; and its actions. */
export function WebhookRow({ hook, first, now, onAction }: WebhookRowProps) {
  const action = (what: WebhookAction) => () => onAction(what);
  return (
    <li
      aria-label={hook.name}
      style={{
        padding: 'var(--mantine-spacing-sm) 0',
        borderTop: first ? undefined : '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 360px' }}>
          <ThemeIcon
            size={36}
            radius="md"
            variant="light"
            color={hook.enabled ? 'brand' : 'gray'}
            style={{ flex: 'none' }}
          >
            <IconWebhook size={20} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {hook.name}
              </Text>
              <StateBadge hook={hook} />
            </Group>
            <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {hook.url}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {hook.events.map((e) => CONTENT_EVENT_LABELS[e]).join(' · ')}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Secret <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{hook.secretHint}…</span>
              {' · '}Added {formatDateTime(hook.createdAt)} by {hook.createdBy.name}
              {' · '}
              {hook.lastAttempt ? (
                <Tooltip label={formatDateTime(hook.lastAttempt.at)} withArrow>
                  <span>{lastAttemptText(hook, now)}</span>
                </Tooltip>
              ) : (
                lastAttemptText(hook, now)
              )}
            </Text>
          </div>
        </Group>
        <div className={classes.actions}>
          <SmallButton icon={IconHistory} onClick={action('deliveries')} aria-label={`Deliveries of ${hook.name}`}>
            Deliveries
          </SmallButton>
          <SmallButton icon={IconPencil} onClick={action('edit')} aria-label={`Edit ${hook.name}`}>
            Edit
          </SmallButton>
          <SmallButton
            icon={hook.enabled ? IconPlayerPause : IconPlayerPlay}
            onClick={action('toggle')}
            aria-label={`${hook.enabled ? 'Switch off' : 'Switch on'} ${hook.name}`}
          >
            {hook.enabled ? 'Switch off' : 'Switch on'}
          </SmallButton>
          <SmallButton color="red" icon={IconTrash} onClick={action('remove')} aria-label={`Remove ${hook.name}`}>
            Remove
          </SmallButton>
        </div>
      </Group>
      {!hook.enabled && <SwitchedOff hook={hook} />}
    </li>
  );
}
