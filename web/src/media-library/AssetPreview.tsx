import { Anchor, Center, Stack, Text } from '@mantine/core';
import { IconFileTypeDocx, IconFileTypePdf } from '@tabler/icons-react';
import { srcSetOf } from '../../../shared/renditions';
import { panelPictureUrl } from './AssetDetailsForm';
import type { AssetView } from './api';

/** The file itself at the top of its panel: the picture, a playable video, or a document's icon with Open. */
export function AssetPreview({ asset }: { asset: AssetView }) {
  const frame = {
    background: 'var(--app-surface-muted)',
    borderRadius: 'var(--mantine-radius-md)',
    overflow: 'hidden',
  } as const;
  if (asset.kind === 'image') {
    return (
      <Center style={frame} h={260}>
        <img
          src={panelPictureUrl(asset)}
          srcSet={srcSetOf(asset.renditions) || undefined}
          sizes="(max-width: 600px) 100vw, 560px"
          alt={asset.alt || ''}
          style={{ maxWidth: '100%', maxHeight: 260, objectFit: 'contain', display: 'block' }}
        />
      </Center>
    );
  }
  if (asset.kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a newsroom's own raw upload has no caption track to offer yet.
      <video
        src={asset.url}
        controls
        preload="metadata"
        style={{ width: '100%', maxHeight: 300, borderRadius: 8, background: 'black', display: 'block' }}
      />
    );
  }
  const DocIcon = asset.kind === 'pdf' ? IconFileTypePdf : IconFileTypeDocx;
  return (
    <Center style={frame} h={160}>
      <Stack align="center" gap={6}>
        <DocIcon size={48} stroke={1.3} color="var(--mantine-color-dimmed)" aria-hidden />
        <Anchor href={asset.url} target="_blank" rel="noopener" size="sm">
          Open the file
        </Anchor>
        <Text size="xs" c="dimmed">
          Opens in a new tab
        </Text>
      </Stack>
    </Center>
  );
}
