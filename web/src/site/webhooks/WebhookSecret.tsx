import { Code, Text } from '@mantine/core';
import { WEBHOOK_HEADERS } from '../../../../shared/constants';
import type { CreatedWebhook } from '../../../../shared/schemas/webhook';
import { SecretShownOnce } from '../SecretShownOnce';

/** The new hook's secret, this once, with Copy and how a receiver checks a delivery with it. */
export function WebhookSecret({ made, onDone }: { made: CreatedWebhook; onDone: () => void }) {
  return (
    <SecretShownOnce
      value={made.secret}
      noun="signing secret"
      copyLabel="Copy secret"
      keepWith="with the site that receives the deliveries"
      label={`The signing secret of ${made.name}`}
      onDone={onDone}
    >
      <Text size="xs" c="dimmed">
        Each delivery carries <Code>{WEBHOOK_HEADERS.timestamp}</Code> and <Code>{WEBHOOK_HEADERS.signature}</Code>{' '}
        (v1=HMAC-SHA256 of the timestamp, a dot and the body). Refuse a delivery whose signature does not match or whose
        timestamp is more than five minutes old.
      </Text>
    </SecretShownOnce>
  );
}
