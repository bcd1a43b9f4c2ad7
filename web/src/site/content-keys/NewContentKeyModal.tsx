import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { CONTENT_KEY } from '../../../../shared/constants';
import type { CreatedContentKey } from '../../../../shared/schemas/content-key';
import { errorMessage } from '../../common/errors';
import { CharCount, counted } from '../../common/form/CharCount';
import { useBusy } from '../../common/use-busy';
import { makeContentKey, revalidateContentKeys } from '../api';

/** Name a new key, then see it once, with Copy; closing forgets it. */
export function NewContentKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, whileBusy] = useBusy();
  const [made, setMade] = useState<CreatedContentKey | null>(null);

  const close = () => {
    setName('');
    setProblem(null);
    setMade(null);
    onClose();
  };

  const make = () =>
    whileBusy(async () => {
      if (!name.trim()) return setProblem('Key name is required');
      try {
        setMade(await makeContentKey(name.trim()));
        await revalidateContentKeys();
      } catch (failure) {
        setProblem(errorMessage(failure));
      }
    });

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : close} title="New content API key" centered radius="md">
      {made ? (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            Copy this key now and keep it with the site that uses it: it is not shown again.
          </Alert>
          <Code block aria-label={`The key ${made.name}`} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {made.key}
          </Code>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={made.key} timeout={2500}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'green' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={close}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void make();
          }}
        >
          <Text size="sm" c="dimmed" mb="sm">
            Name it after the site or tool that will use it, so that you know which key to revoke.
          </Text>
          <TextInput
            label="Key name"
            withAsterisk
            data-autofocus
            value={name}
            maxLength={CONTENT_KEY.nameMax}
            error={problem}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setProblem(null);
            }}
            {...counted(<CharCount value={name} max={CONTENT_KEY.nameMax} />)}
          />
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Make key
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
