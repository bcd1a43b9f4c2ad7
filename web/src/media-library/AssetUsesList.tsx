import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { AssetUse } from './api';
import { pathOfUse, USE_KIND_LABELS } from './asset-format';

/** Where a file is used: each record a link to its screen, what it uses the file as, and "in trash" when it is. */
export function AssetUsesList({ uses, onNavigate }: { uses: readonly AssetUse[]; onNavigate?: () => void }) {
  if (uses.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Not used anywhere yet.
      </Text>
    );
  }
  return (
    <List spacing={6} size="sm" listStyleType="none" aria-label="Used in">
      {uses.map((use) => (
        <List.Item key={`${use.kind}:${use.id}:${use.field}`}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Badge size="xs" variant="light" color="gray" radius="sm" tt="none" style={{ flex: 'none', marginTop: 3 }}>
              {USE_KIND_LABELS[use.kind]}
            </Badge>
            <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={pathOfUse(use)} onClick={onNavigate} size="sm">
                {use.kind === 'site' ? 'Site settings' : use.title || 'Untitled'}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                · {use.field}
              </Text>
              {use.trashed && (
                <Badge size="xs" color="orange" variant="light" ml={6} tt="none">
                  in trash
                </Badge>
              )}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
