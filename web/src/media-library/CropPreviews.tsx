import { Box, SimpleGrid, Text } from '@mantine/core';
import { cropBox, type FocalPoint, presetNamed } from '../../../shared/renditions';

const CROPS = [
  { preset: '16x9-800', label: '16:9' },
  { preset: '4x3-800', label: '4:3' },
  { preset: '1x1-800', label: 'Square' },
  { preset: 'social', label: 'Social card' },
] as const;

export interface CropPreviewsProps {
  /** A picture of the whole image to cut the previews from (a rendition already loaded). */
  src: string;
  width: number;
  height: number;
  focal: FocalPoint;
}

/**
 * The named crops as they will be cut around the focal point, drawn from the picture already on screen (its
 * background placed and sized to show the crop's box), so moving the point shows them at once without a request.
 */
export function CropPreviews({ src, width, height, focal }: CropPreviewsProps) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" aria-label="Crops around the focal point" role="list">
      {CROPS.map(({ preset, label }) => {
        const found = presetNamed(preset);
        if (!found?.height) return null;
        const box = cropBox(width, height, found, focal);
        // The preview is 100 % wide: the box's share of the picture gives the background's size and place.
        const sizeX = (width / box.width) * 100;
        const sizeY = (height / box.height) * 100;
        const posX = width === box.width ? 0 : (box.left / (width - box.width)) * 100;
        const posY = height === box.height ? 0 : (box.top / (height - box.height)) * 100;
        return (
          <Box key={preset} role="listitem">
            <Box
              role="img"
              aria-label={`${label} crop`}
              style={{
                aspectRatio: `${found.width} / ${found.height}`,
                backgroundImage: `url("${src}")`,
                backgroundSize: `${sizeX}% ${sizeY}%`,
                backgroundPosition: `${posX}% ${posY}%`,
                backgroundRepeat: 'no-repeat',
                borderRadius: 6,
                border: '1px solid var(--mantine-color-default-border)',
                backgroundColor: 'var(--app-surface-muted)',
              }}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {label} · {found.width} × {found.height}
            </Text>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
