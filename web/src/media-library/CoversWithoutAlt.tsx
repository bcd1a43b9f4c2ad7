import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ListEmpty, ListLoading, ListRetry } from '../common/ListStates';
import { AssetUsesList } from './AssetUsesList';
import { type AssetView, useCoversWithoutAlt } from './api';
import { dimensionsText, thumbnailUrl } from './asset-format';

/** Pictures used as a cover that have no alt text yet, with where each is used; Add alt text opens the file. */
export function CoversWithoutAlt({ onOpen }: { onOpen: (asset: AssetView) => void }) {
  const covers = useCoversWithoutAlt();
  const list = covers.data?.list ?? [];
  if (list.length === 0) {
    return (
      <Paper withBorder radius="md" py={40} px="md">
        <Stack align="center">
          {covers.error ? (
            <ListRetry onRetry={() => void covers.mutate()} busy={covers.isValidating} />
          ) : !covers.data ? (
            <ListLoading label="Loading the covers" />
          ) : (
            <ListEmpty title="Every cover has alt text">
              Readers who cannot see the pictures hear what they show.
            </ListEmpty>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        These pictures are used as covers but say nothing to readers who cannot see them. Add alt text to each.
      </Text>
      {list.map((asset) => (
        <Paper key={asset._id} withBorder radius="md" p="sm">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <img
              src={thumbnailUrl(asset)}
              alt=""
              loading="lazy"
              style={{ width: 96, aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 6, flex: 'none' }}
            />
            <Stack gap={6} miw={0} style={{ flex: 1 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {asset.name}
                </Text>
                <Badge size="xs" color="orange" variant="light" tt="none">
                  No alt text
                </Badge>
              </Group>
              {dimensionsText(asset) && (
                <Text size="xs" c="dimmed">
                  {dimensionsText(asset)}
                </Text>
              )}
              <AssetUsesList uses={asset.uses} />
              {/* Under the text rather than beside it: on a phone a third column left the titles a letter wide. */}
              <Button size="xs" variant="light" onClick={() => onOpen(asset)} style={{ alignSelf: 'flex-start' }}>
                Add alt text
              </Button>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
