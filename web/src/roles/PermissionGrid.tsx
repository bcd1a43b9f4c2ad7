import { Checkbox, Table, Text } from '@mantine/core';
import { type ModelPermissions, RESOURCE_LABELS, RESOURCES, ROLE_SCREEN_ACTIONS } from '../../../shared/permissions';
import { useIsNarrow } from '../common/use-narrow';
import { offersAction, rowState, setAction, setRow } from './permission-grid';

/** On a phone the action headers stand upright, so six columns of boxes fit beside the resource names. */
const UPRIGHT = { writingMode: 'vertical-rl', transform: 'rotate(180deg)', whiteSpace: 'nowrap' } as const;

export interface PermissionGridProps {
  value: ModelPermissions;
  onChange: (value: ModelPermissions) => void;
  disabled?: boolean;
}

/**
 * CONTRACT.md §3 / §6: a checkbox per resource and action (Read, Write, Edit, Edit:own, Remove), plus 'All' per row. A
 * resource offers only the actions that mean something for it (RESOURCE_ACTIONS): Site Management and Home Page
 * have Read and Edit, and Remove (to the trash) is offered for the seven removable resources.
 */
export function PermissionGrid({ value, onChange, disabled }: PermissionGridProps) {
  const narrow = useIsNarrow();
  const header = (label: string) => (narrow ? <span style={UPRIGHT}>{label}</span> : label);
  return (
    <Table.ScrollContainer type="native" minWidth={300}>
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing={8}
        horizontalSpacing={narrow ? 4 : 'xs'}
        striped
        aria-label="Permissions"
        fz="sm"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th pl="sm" fz={{ base: 'xs', sm: 'sm' }} style={{ verticalAlign: 'bottom' }}>
              Resource
            </Table.Th>
            {ROLE_SCREEN_ACTIONS.map((column) => (
              <Table.Th
                key={column.action}
                ta="center"
                w={{ base: 'auto', sm: 84 }}
                px={4}
                fz={{ base: 'xs', sm: 'sm' }}
                style={{ whiteSpace: 'nowrap', verticalAlign: 'bottom' }}
              >
                {header(column.label)}
              </Table.Th>
            ))}
            <Table.Th
              ta="center"
              w={{ base: 'auto', sm: 64 }}
              px={4}
              fz={{ base: 'xs', sm: 'sm' }}
              style={{ verticalAlign: 'bottom' }}
            >
              {header('All')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {RESOURCES.map((resource) => {
            const label = RESOURCE_LABELS[resource];
            const held = value[resource] ?? [];
            const row = rowState(value, resource);
            return (
              <Table.Tr key={resource}>
                <Table.Td pl="sm">
                  <Text size="sm" fw={500}>
                    {label}
                  </Text>
                </Table.Td>
                {ROLE_SCREEN_ACTIONS.map((column) =>
                  // An action that means nothing for the resource (Write on Site Management) has no box at all.
                  !offersAction(resource, column.action) ? (
                    <Table.Td key={column.action} aria-hidden data-blank />
                  ) : (
                    <Table.Td key={column.action}>
                      <Checkbox
                        mx="auto"
                        w="fit-content"
                        aria-label={`${label}: ${column.label}`}
                        checked={held.includes(column.action)}
                        disabled={disabled}
                        onChange={(event) =>
                          onChange(setAction(value, resource, column.action, event.currentTarget.checked))
                        }
                      />
                    </Table.Td>
                  ),
                )}
                <Table.Td>
                  <Checkbox
                    mx="auto"
                    w="fit-content"
                    variant="outline"
                    aria-label={`${label}: all`}
                    checked={row === 'all'}
                    indeterminate={row === 'some'}
                    disabled={disabled}
                    onChange={() => onChange(setRow(value, resource, row !== 'all'))}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
