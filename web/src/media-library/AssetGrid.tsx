import { Badge, Text, Tooltip, UnstyledButton } from '@mantine/core';
import classes from './AssetGrid.module.css';
import type { AssetView } from './api';
import { bytesText, dimensionsText, thumbnailUrl, typeLabel } from './asset-format';

export interface AssetGridProps {
  assets: readonly AssetView[];
  onOpen: (asset: AssetView) => void;
  /** The picker: why a file cannot be chosen for this field (its type), or null. */
  refusal?: (asset: AssetView) => string | null;
  selectedId?: string | null;
}

/** Pictures as thumbnails (their 400-wide rendition, loaded as they scroll into view), each opening the file. */
export function AssetGrid({ assets, onOpen, refusal, selectedId }: AssetGridProps) {
  return (
    <ul className={classes.grid} aria-label="Images" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {assets.map((asset) => (
        <li key={asset._id} style={{ minWidth: 0 }}>
          <GridCard
            asset={asset}
            onOpen={onOpen}
            refused={refusal?.(asset) ?? null}
            selected={asset._id === selectedId}
          />
        </li>
      ))}
    </ul>
  );
}

interface GridCardProps {
  asset: AssetView;
  onOpen: (asset: AssetView) => void;
  refused: string | null;
  selected: boolean;
}

function GridCard({ asset, onOpen, refused, selected }: GridCardProps) {
  const dims = dimensionsText(asset);
  const card = (
    <UnstyledButton
      className={classes.card}
      onClick={() => refused === null && onOpen(asset)}
      aria-disabled={refused !== null || undefined}
      data-disabled={refused !== null || undefined}
      data-selected={selected || undefined}
      aria-label={`${asset.name}${asset.alt ? `: ${asset.alt}` : ''}`}
    >
      <div className={classes.thumb}>
        <img src={thumbnailUrl(asset)} alt="" loading="lazy" decoding="async" />
        {!asset.alt && (
          <Badge className={classes.flag} size="xs" color="yellow.4" autoContrast variant="filled" tt="none">
            No alt text
          </Badge>
        )}
      </div>
      <div className={classes.body}>
        <Text size="sm" fw={600} truncate="end" title={asset.name}>
          {asset.name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {[dims ?? typeLabel(asset.type), bytesText(asset.size)].join(' · ')}
        </Text>
      </div>
    </UnstyledButton>
  );
  return refused ? (
    <Tooltip label={refused} withArrow events={{ hover: true, focus: true, touch: true }}>
      {card}
    </Tooltip>
  ) : (
    card
  );
}
