import { Anchor, Group, Text } from '@mantine/core';
import { IconFileTypeDocx, IconFileTypePdf, IconMovie, IconPhoto } from '@tabler/icons-react';
import { formatDateTime } from '../../../shared/format';
import { type Column, RecordList } from '../common/RecordList';
import type { AssetView } from './api';
import { bytesText, typeLabel } from './asset-format';

const ICONS = { video: IconMovie, pdf: IconFileTypePdf, document: IconFileTypeDocx, image: IconPhoto } as const;

function NameCell({ asset, onOpen }: { asset: AssetView; onOpen: (asset: AssetView) => void }) {
  const Icon = ICONS[asset.kind];
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Icon
        size={18}
        stroke={1.5}
        color="var(--mantine-color-dimmed)"
        aria-hidden
        style={{ flex: 'none', marginTop: 2 }}
      />
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        ta="left"
        onClick={() => onOpen(asset)}
        style={{ overflowWrap: 'anywhere' }}
      >
        {asset.name}
      </Anchor>
    </Group>
  );
}

const meta = (asset: AssetView) => `${typeLabel(asset.type)} · ${bytesText(asset.size)}`;

/** Videos, PDFs and documents: one row each, the name opening the file's panel. */
export function AssetTable({ assets, onOpen }: { assets: readonly AssetView[]; onOpen: (asset: AssetView) => void }) {
  const columns: Column<AssetView>[] = [
    { header: 'Name', miw: 240, render: (asset) => <NameCell asset={asset} onOpen={onOpen} /> },
    { header: 'Type', fit: true, render: (asset) => <Text size="sm">{typeLabel(asset.type)}</Text> },
    { header: 'Size', fit: true, render: (asset) => <Text size="sm">{bytesText(asset.size)}</Text> },
    { header: 'Uploaded by', miw: 140, render: (asset) => <Text size="sm">{asset.uploader?.name ?? '—'}</Text> },
    { header: 'Uploaded', fit: true, render: (asset) => <Text size="sm">{formatDateTime(asset.createdAt)}</Text> },
  ];
  return (
    <RecordList
      label="Videos and documents"
      rows={assets}
      state={null}
      minWidth={720}
      columns={columns}
      card={{
        title: (asset) => <NameCell asset={asset} onOpen={onOpen} />,
        lines: (asset) => (
          <Text size="xs" c="dimmed" mt={4}>
            {meta(asset)} · {asset.uploader?.name ?? '—'} · {formatDateTime(asset.createdAt)}
          </Text>
        ),
      }}
    />
  );
}
