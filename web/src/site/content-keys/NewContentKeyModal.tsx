import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CONTENT_KEY } from '../../../../shared/constants';
import type { CreatedContentKey } from '../../../../shared/schemas/content-key';
import { errorMessage } from '../../common/errors';
import { CharCount, counted } from '../../common/form/CharCount';
import { useBusy } from '../../common/use-busy';
import { makeContentKey, revalidateContentKeys } from '../api';
import { SecretShownOnce } from '../SecretShownOnce';

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
        <SecretShownOnce
          value={made.key}
          noun="key"
          copyLabel="Copy key"
          keepWith="with the site that uses it"
          label={`The key ${made.name}`}
          onDone={close}
        />
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
