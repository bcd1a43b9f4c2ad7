import { Alert, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { APP_NAME } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** Whose codes they are, written at the top of the downloaded file. */
  email: string;
  onDone: () => void;
  /** The button that closes the panel ('I have saved these codes'). */
  doneLabel?: string;
}

function fileText(codes: readonly string[], email: string): string {
  return [
    `${APP_NAME}: two-factor recovery codes for ${email}`,
    `Created ${formatDateTime(new Date().toISOString())}`,
    '',
    'Each code signs you in once, in place of a code from your authenticator app.',
    'Keep them somewhere safe and private, such as a password manager.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(codes: readonly string[], email: string): void {
  const url = URL.createObjectURL(new Blob([fileText(codes, email)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'admin-portal-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The ten recovery codes, shown once: each signs in a single time when the phone is not at hand. Copy and Download
 * save them; the done button is the user saying they have.
 */
export function RecoveryCodesPanel({
  codes,
  email,
  onDone,
  doneLabel = 'I have saved these codes',
}: RecoveryCodesPanelProps) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconKey size={18} />} title="Shown only this once">
        If you lose your phone, a recovery code signs you in instead of the app; each code works once. Copy or download
        them now and keep them somewhere safe, such as a password manager.
      </Alert>
      <Paper withBorder radius="md" p="md" bg="var(--app-surface-subtle)" shadow="none">
        <SimpleGrid
          cols={2}
          spacing="xs"
          verticalSpacing={6}
          component="ol"
          aria-label="Recovery codes"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {codes.map((code) => (
            <Text
              key={code}
              component="li"
              ff="monospace"
              fz={{ base: 'sm', sm: 'md' }}
              fw={600}
              ta="center"
              py={4}
              style={{ letterSpacing: '0.04em', whiteSpace: 'nowrap' }}
            >
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <CopyButton value={codes.join('\n')} timeout={2500}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              color={copied ? 'green' : undefined}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download(codes, email)}>
          Download .txt
        </Button>
      </Group>
      <Button onClick={onDone} size="md">
        {doneLabel}
      </Button>
    </Stack>
  );
}
