import { Drawer } from '@mantine/core';
import { useIsNarrow } from '../common/use-narrow';
import { AssetPanel } from './AssetPanel';
import type { AssetView } from './api';

/** The file's panel at the right (the whole screen on a phone). */
export function AssetDrawer({ asset, onClose }: { asset: AssetView | null; onClose: () => void }) {
  const narrow = useIsNarrow();
  return (
    <Drawer
      opened={asset !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 600}
      title="File details"
      padding="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      {asset && <AssetPanel key={asset._id} initial={asset} onRemoved={onClose} onNavigate={onClose} />}
    </Drawer>
  );
}
