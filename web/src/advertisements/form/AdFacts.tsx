import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { FormSection } from '../../common/FormSection';
import { AdRunBadge } from '../ad-status';
import type { AdvertisementDetail } from '../api';

/**
 * The ad's run status and its record: read-only, never sent back (CONTRACT.md §3). Its counts are in the Delivery
 * panel above the form.
 */
export function AdFacts({ ad, now }: { ad: AdvertisementDetail; now: Date }) {
  const facts: [string, ReactNode][] = [
    ['Status', <AdRunBadge key="status" ad={ad} now={now} />],
    ['Added by', ad.user?.name || '—'],
    ['Created', formatDateTime(ad.createdAt)],
    ['Updated', formatDateTime(ad.updatedAt)],
  ];
  return (
    <FormSection title="Performance" description="As saved; not changed by this form" descriptionSize="xs">
      <Stack gap={8} component="dl" m={0}>
        {facts.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="sm" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={500} m={0} ta="right">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </FormSection>
  );
}
