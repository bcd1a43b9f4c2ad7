import { Group, Image, Text, ThemeIcon } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import type { SiteBrand } from './use-site-detail';

export interface SiteMarkProps {
  brand: SiteBrand;
  /** Logo height in px. */
  size?: number;
  /** Show the app name under the site name when there is no logo. */
  withTagline?: boolean;
}

/** The site logo when there is one; otherwise a mark with the site (or app) name. */
export function SiteMark({ brand, size = 32, withTagline = true }: SiteMarkProps) {
  if (brand.logoUrl) {
    return <Image src={brand.logoUrl} alt={brand.name} h={size} w="auto" maw={180} fit="contain" />;
  }
  return (
    <Group gap={10} wrap="nowrap" miw={0}>
      <ThemeIcon size={size} radius="md" variant="filled" aria-hidden>
        <IconNews size={Math.round(size * 0.6)} />
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text fw={800} fz={size >= 40 ? 'xl' : 'md'} lh={1.1} c="var(--mantine-color-text)" truncate="end">
          {brand.name}
        </Text>
        {withTagline && brand.name !== 'Admin Portal' && (
          <Text fz="xs" c="dimmed" lh={1.2}>
            Admin Portal
          </Text>
        )}
      </div>
    </Group>
  );
}
