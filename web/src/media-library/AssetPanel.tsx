import { Accordion, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../common/errors';
import { ListRetry } from '../common/ListStates';
import { notifyError } from '../common/notify';
import { useBusy } from '../common/use-busy';
import { AssetDetailsForm } from './AssetDetailsForm';
import { AssetFacts } from './AssetFacts';
import { AssetPreview } from './AssetPreview';
import { AssetUsesList } from './AssetUsesList';
import { type AssetView, downloadOriginal, useAsset, useAssetUses } from './api';
import { useAssetAccess } from './asset-access';
import { RemoveAssetDialog } from './RemoveAssetDialog';
import { RenditionsList } from './RenditionsList';

export interface AssetPanelProps {
  /** The file as the list showed it, while its own read arrives. */
  initial: AssetView;
  onRemoved: () => void;
  /** Someone followed a link out of the panel (a use). */
  onNavigate?: () => void;
}

/** One file, whole: its preview and facts, its details to edit, where it is used, its renditions; Download, Remove. */
export function AssetPanel({ initial, onRemoved, onNavigate }: AssetPanelProps) {
  const read = useAsset(initial._id);
  const asset = read.data ?? initial;
  const { canEdit, canRemove } = useAssetAccess(asset);
  const [removing, setRemoving] = useState(false);
  const [downloading, whileDownloading] = useBusy();
  const download = () =>
    whileDownloading(() => downloadOriginal(asset._id).catch((error) => notifyError(errorMessage(error))));

  return (
    <Stack gap="md">
      <AssetPreview asset={asset} />
      <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }} lh={1.3}>
        {asset.name}
      </Title>
      <AssetFacts asset={asset} />
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={() => void download()}
        >
          Download original
        </Button>
        {canRemove && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setRemoving(true)}>
            Remove
          </Button>
        )}
      </Group>
      <Accordion multiple defaultValue={['details', 'uses']} variant="separated" radius="md">
        <Accordion.Item value="details">
          <Accordion.Control>Details</Accordion.Control>
          <Accordion.Panel>
            <AssetDetailsForm key={`${asset._id}:${asset.version}`} asset={asset} canEdit={canEdit} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="uses">
          <Accordion.Control>Used in</Accordion.Control>
          <Accordion.Panel>
            <AssetUses id={asset._id} onNavigate={onNavigate} />
          </Accordion.Panel>
        </Accordion.Item>
        {asset.kind === 'image' && (
          <Accordion.Item value="renditions">
            <Accordion.Control>Renditions ({asset.renditions.length})</Accordion.Control>
            <Accordion.Panel>
              <RenditionsList renditions={asset.renditions} />
            </Accordion.Panel>
          </Accordion.Item>
        )}
      </Accordion>
      <RemoveAssetDialog asset={asset} opened={removing} onClose={() => setRemoving(false)} onRemoved={onRemoved} />
    </Stack>
  );
}

function AssetUses({ id, onNavigate }: { id: string; onNavigate?: () => void }) {
  const uses = useAssetUses(id);
  if (uses.error)
    return (
      <ListRetry
        message="Where it is used could not be loaded."
        onRetry={() => void uses.mutate()}
        busy={uses.isValidating}
      />
    );
  if (!uses.data) return <Skeleton h={40} />;
  return (
    <>
      <AssetUsesList uses={uses.data.uses} onNavigate={onNavigate} />
      {uses.data.uses.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          A file in use cannot be removed.
        </Text>
      )}
    </>
  );
}
