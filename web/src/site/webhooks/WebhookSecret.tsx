import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { WEBHOOK_HEADERS } from '../../../../shared/constants';
import type { CreatedWebhook } from '../../../../shared/schemas/webhook';

/** The new hook's secret, this once, with Copy and how a receiver checks a delivery with it. */
export function WebhookSecret({ made, onDone }: { made: CreatedWebhook; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        Copy this signing secret now and keep it with the site that receives the deliveries: it is not shown again.
      </Alert>
      <Code
        block
        aria-label={`The signing secret of ${made.name}`}
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
      >
        {made.secret}
      </Code>
      <Text size="xs" c="dimmed">
        Each delivery carries <Code>{WEBHOOK_HEADERS.timestamp}</Code> and <Code>{WEBHOOK_HEADERS.signature}</Code>{' '}
        (v1=HMAC-SHA256 of the timestamp, a dot and the body). Refuse a delivery whose signature does not match or whose
        timestamp is more than five minutes old.
      </Text>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={made.secret} timeout={2500}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
