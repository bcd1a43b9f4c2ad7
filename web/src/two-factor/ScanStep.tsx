import { Anchor, Box, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import type { TwoFactorSetup } from '../../../shared/schemas/auth';
import { useIsNarrow } from '../common/use-narrow';
import { groupSecret } from './api';
import { QrCode } from './QrCode';
import { StepHeading } from './StepHeading';

/** Step 1: the QR code to scan; on a phone, a link into its app, with the key behind "Can’t scan it?". */
export function ScanStep({ setup }: { setup: TwoFactorSetup }) {
  const narrow = useIsNarrow();
  const [showKey, setShowKey] = useState(false);
  return (
    <Stack gap="sm">
      <StepHeading n={1}>Scan this QR code with your authenticator app</StepHeading>
      <Text size="sm" c="dimmed">
        Google Authenticator, Microsoft Authenticator, 1Password, Authy or any app for time-based codes. In the app, add
        an account and choose to scan a QR code.
      </Text>
      <Group align="flex-start" gap="lg" wrap={narrow ? 'wrap' : 'nowrap'}>
        <Box
          p={6}
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 12 }}
          mx={narrow ? 'auto' : undefined}
        >
          <QrCode value={setup.uri} size={narrow ? 184 : 176} label="QR code for your authenticator app" />
        </Box>
        <Box style={{ flex: '1 1 240px', minWidth: 0 }}>
          {narrow && (
            // On a phone the code cannot be scanned by that phone: its app can take the account straight away.
            <Button
              component="a"
              href={setup.uri}
              variant="light"
              fullWidth
              mb="sm"
              h="auto"
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}
            >
              Add to an authenticator app on this phone
            </Button>
          )}
          {narrow && !showKey ? (
            <Anchor component="button" type="button" size="sm" onClick={() => setShowKey(true)}>
              Can’t scan it? Enter a key instead
            </Anchor>
          ) : (
            <SetupKey setup={setup} />
          )}
        </Box>
      </Group>
    </Stack>
  );
}

/** The secret to type into the app instead, in groups, with Copy. */
function SetupKey({ setup }: { setup: TwoFactorSetup }) {
  const grouped = groupSecret(setup.secret);
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        Or type this key into the app (time-based, 6 digits):
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          fz={{ base: 'sm', sm: 'md' }}
          fw={600}
          px="sm"
          py={6}
          style={{ letterSpacing: '0.06em', wordSpacing: '0.2em', overflowWrap: 'anywhere', flex: '1 1 auto' }}
          aria-label="Set-up key"
          data-testid="two-factor-secret"
        >
          {grouped}
        </Code>
        <CopyButton value={setup.secret} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy the key'} withArrow>
              <Button
                variant="default"
                size="compact-md"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                color={copied ? 'green' : undefined}
                style={{ flex: 'none' }}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
