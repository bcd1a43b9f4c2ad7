import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { ContentKeyView } from '../../../../shared/schemas/content-key';
import { useApi } from '../../api/use-api';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { errorMessage } from '../../common/errors';
import { ListEmpty, ListRetry } from '../../common/ListStates';
import { notifyError, notifySuccess } from '../../common/notify';
import { useNow } from '../../common/use-now';
import { CONTENT_KEYS_KEY, revalidateContentKeys, revokeContentKey } from '../api';
import { ContentKeyRow } from './ContentKeyRow';
import { NewContentKeyModal } from './NewContentKeyModal';

/** Live keys first, each group newest first. */
const ordered = (keys: readonly ContentKeyView[]) =>
  [...keys].sort(
    (a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || b.createdAt.localeCompare(a.createdAt),
  );

/** Site Management (Edit): the keys a reader-facing site reads published content with. */
export function ContentKeysCard() {
  const { data, error, isValidating, mutate } = useApi(CONTENT_KEYS_KEY);
  const now = useNow(60_000);
  const [making, setMaking] = useState(false);
  const [revoking, setRevoking] = useState<ContentKeyView | null>(null);

  const revoke = async (key: ContentKeyView) => {
    try {
      await revokeContentKey(key._id);
      notifySuccess(`${key.name} is revoked: the site using it can no longer read through it`);
    } catch (failure) {
      notifyError(errorMessage(failure), 'Could not revoke that key');
    } finally {
      await revalidateContentKeys();
    }
  };

  let body: ReactNode;
  if (error && !data) body = <ListRetry onRetry={() => void mutate()} busy={isValidating} />;
  else if (!data) body = <Skeleton h={52} radius="md" aria-label="Loading keys" />;
  else if (data.list.length === 0)
    body = <ListEmpty title="No keys yet">Make one for each site or tool that reads the published content.</ListEmpty>;
  else
    body = (
      <Stack gap={0} component="ul" aria-label="Content API keys" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {ordered(data.list).map((key, i) => (
          <ContentKeyRow key={key._id} contentKey={key} first={i === 0} now={now} onRevoke={() => setRevoking(key)} />
        ))}
      </Stack>
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="content-keys-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={2} fz="lg" id="content-keys-title">
            Content API keys
          </Title>
          <Text size="sm" c="dimmed" mt={4} mb="xs" maw={620}>
            A reader-facing site sends one of these to read what is published. Each key is shown once when it is made;
            revoke a key that is lost or no longer used.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setMaking(true)}>
          New key
        </Button>
      </Group>
      {body}
      <NewContentKeyModal opened={making} onClose={() => setMaking(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke key"
        confirmLabel="Revoke"
        danger
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
        onClose={() => setRevoking(null)}
      >
        {`Revoke ${revoking?.name ?? 'this key'}? Requests with it are refused from now on, and it cannot be brought back.`}
      </ConfirmDialog>
    </Paper>
  );
}
