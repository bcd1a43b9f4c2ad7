import { Anchor, Badge, Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';

export interface PanelProps {
  title: string;
  /** A figure beside the title (e.g. how many wait in review). */
  count?: number;
  countColor?: string;
  /** Where 'View all' goes. */
  viewAll?: { to: string; label?: string };
  children: ReactNode;
}

/** One block of the dashboard: a titled card with an optional count and a link to the full list. */
export function Panel({ title, count, countColor = 'gray', viewAll, children }: PanelProps) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id} h="100%">
      <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap" align="center">
        <Group gap={8} wrap="nowrap" miw={0}>
          <Title order={3} fz="md" id={id}>
            {title}
          </Title>
          {count !== undefined && (
            <Badge variant="light" color={countColor} size="sm" circle={count < 10}>
              {count}
            </Badge>
          )}
        </Group>
        {viewAll && (
          <Anchor component={Link} to={viewAll.to} size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            <Group gap={4} wrap="nowrap" component="span">
              {viewAll.label ?? 'View all'}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}

/** A panel's empty state: one quiet line that reads well. */
export function PanelEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={2} py="md" align="center" ta="center">
      <Text size="sm" fw={600} c="dimmed">
        {title}
      </Text>
      {children && (
        <Text size="xs" c="dimmed">
          {children}
        </Text>
      )}
    </Stack>
  );
}

/** Grey bars where a panel's content will be, on the first load. */
export function PanelSkeleton({ lines = 4 }: { lines?: number }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%" aria-hidden>
      <Skeleton h={16} w="40%" mb="md" />
      <Stack gap="sm">
        {Array.from({ length: lines }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <Skeleton key={i} h={34} />
        ))}
      </Stack>
    </Paper>
  );
}

/** A panel's short list (its items are `li`s carrying the `item` class). */
export function ItemList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Box>
  );
}
