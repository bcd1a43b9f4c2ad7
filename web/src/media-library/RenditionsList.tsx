import { Anchor, Table, Text } from '@mantine/core';
import type { RenditionRef } from '../../../shared/renditions';

/** Every size the picture is served at: its preset, its pixels, and a link to it. */
export function RenditionsList({ renditions }: { renditions: readonly RenditionRef[] }) {
  if (renditions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This file is served as it was uploaded.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing={4} fz="sm" aria-label="Renditions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Preset</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Link</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {renditions.map((r) => (
            <Table.Tr key={r.preset}>
              <Table.Td ff="monospace">{r.preset}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {r.width} × {r.height}
              </Table.Td>
              <Table.Td>
                <Anchor href={r.url} target="_blank" rel="noopener" size="sm">
                  Open
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
