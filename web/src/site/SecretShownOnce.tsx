import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SecretShownOnceProps {
  /** The secret, shown this once. */
  value: string;
  /** What it is, for the warning ("key", "signing secret"). */
  noun: string;
  /** The Copy button's text ("Copy key"). */
  copyLabel: string;
  /** Where it should be kept ("with the site that uses it"). */
  keepWith: string;
  /** The code block's accessible name. */
  label: string;
  /** What to say under it (how it is used). */
  children?: ReactNode;
  onDone: () => void;
}

/**
 * A secret the server shows once (a content API key, a webhook's signing secret): the warning, the value whole and
 * wrapping, Copy and Done. The table keeps only what checks it, so this is the one chance to copy it.
 */
export function SecretShownOnce({ value, noun, copyLabel, keepWith, label, children, onDone }: SecretShownOnceProps) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        Copy this {noun} now and keep it {keepWith}: it is not shown again.
      </Alert>
      <Code block aria-label={label} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
      {children}
      <Group justify="flex-end" gap="sm">
        <CopyButton value={value} timeout={2500}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : copyLabel}
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
