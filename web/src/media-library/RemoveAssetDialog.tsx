import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../common/errors';
import { notifySuccess } from '../common/notify';
import { useBusy } from '../common/use-busy';
import { AssetUsesList } from './AssetUsesList';
import { type AssetUse, type AssetView, removeAsset, revalidateLibrary, usesAfterRefusal } from './api';

export interface RemoveAssetDialogProps {
  asset: AssetView;
  opened: boolean;
  onClose: () => void;
  onRemoved: () => void;
}

/**
 * Remove a file, after a question. A file still in use is refused (409): the dialog then lists where, each a link,
 * so it can be taken out of those first.
 */
export function RemoveAssetDialog({ asset, opened, onClose, onRemoved }: RemoveAssetDialogProps) {
  const [busy, whileBusy] = useBusy();
  const [refusedUses, setRefusedUses] = useState<AssetUse[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setRefusedUses(null);
    setFailure(null);
    onClose();
  };
  const remove = () =>
    whileBusy(async () => {
      setFailure(null);
      try {
        await removeAsset(asset._id);
        await revalidateLibrary();
        notifySuccess(`“${asset.name}” was removed`);
        close();
        onRemoved();
      } catch (error) {
        const uses = await usesAfterRefusal(asset._id, error);
        if (uses) setRefusedUses(uses);
        else setFailure(errorMessage(error));
      }
    });

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : close} title="Remove this file?" centered radius="md">
      <Stack gap="md">
        {!refusedUses && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            “{asset.name}” will be deleted from the library for good. Records that still use it must drop it first.
          </Text>
        )}
        {refusedUses && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            title="It is still in use"
          >
            <Text size="sm" mb="xs">
              “{asset.name}” was not removed. Take it out of{' '}
              {refusedUses.length === 1 ? 'this record' : `these ${refusedUses.length} records`} first
              {refusedUses.some((use) => use.trashed)
                ? ' (a record in the trash counts until it is deleted for good)'
                : ''}
              :
            </Text>
            <AssetUsesList uses={refusedUses} onNavigate={close} />
          </Alert>
        )}
        {failure && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {refusedUses ? 'Close' : 'Cancel'}
          </Button>
          {!refusedUses && (
            <Button color="red" loading={busy} onClick={() => void remove()} data-autofocus>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
