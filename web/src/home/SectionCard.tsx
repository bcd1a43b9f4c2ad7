import { Badge, Box, Collapse, Divider, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconAction } from '../common/IconAction';
import { SECTION_TYPE_ICONS } from './AddSectionMenu';
import { SectionFields, type SectionFieldsProps } from './SectionFields';
import { displayName, templateLabel } from './sections';

const validColor = (color: string) => /^#[0-9a-fA-F]{6}$/.test(color.trim());

export interface SectionCardProps extends SectionFieldsProps {
  position: number;
  open: boolean;
  onToggle: () => void;
  onRemove: () => void;
  /** Shown, not changed: no handle, arrows or remove either. */
  handle: ReactNode;
  moveButtons: ReactNode;
  dragging: boolean;
}

/** One section of the home page: a bar with its name and summary that opens onto its fields. */
export function SectionCard(props: SectionCardProps) {
  const { draft, position, errors, open, onToggle, onRemove, readOnly, handle, moveButtons, dragging } = props;
  const toggleLabel = open ? (readOnly ? 'Hide details' : 'Collapse') : readOnly ? 'Show details' : 'Edit';
  const name = displayName(draft);
  const flagged = errors !== undefined && Object.keys(errors).length > 0;
  const color = validColor(draft.color) ? draft.color : 'var(--mantine-color-gray-4)';
  const bodyId = `section-${draft.key}`;
  const summary = [
    draft.type === 'Category' ? draft.category?.name || 'No category' : null,
    templateLabel(draft.template),
    `${draft.articles.length} ${draft.articles.length === 1 ? 'article' : 'articles'}`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Paper
      withBorder
      radius="md"
      shadow={dragging ? 'md' : 'none'}
      data-section={draft.key}
      style={{ borderLeft: `4px solid ${color}`, scrollMarginTop: 80 }}
    >
      <Group gap={6} wrap="nowrap" p={6} pr="xs" pl={readOnly ? 'sm' : 6}>
        {!readOnly && handle}
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          style={{ flex: 1, minWidth: 0 }}
          py={4}
        >
          <Group gap={8} wrap="nowrap" miw={0}>
            <Text size="sm" fw={700} c="dimmed" aria-hidden style={{ flex: 'none' }}>
              {position}.
            </Text>
            <Box miw={0}>
              <Group gap={6} wrap="nowrap" miw={0}>
                <Text size="sm" fw={600} truncate="end">
                  {name}
                </Text>
                <Badge size="xs" variant="light" leftSection={SECTION_TYPE_ICONS[draft.type]} style={{ flex: 'none' }}>
                  {draft.type}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" truncate="end">
                {summary}
              </Text>
            </Box>
            {flagged && (
              <Badge size="xs" color="red" variant="light" style={{ flex: 'none' }}>
                Needs attention
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
          {!readOnly && moveButtons}
          <IconAction
            tip={toggleLabel}
            label={`${toggleLabel} ${name}`}
            icon={
              <IconChevronDown
                size={16}
                style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
              />
            }
            size="sm"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={bodyId}
          />
          {!readOnly && (
            <IconAction
              tip="Remove section"
              label={`Remove ${name}`}
              icon={<IconTrash size={16} />}
              color="red"
              size="sm"
              onClick={onRemove}
            />
          )}
        </Group>
      </Group>
      <Collapse expanded={open} id={bodyId}>
        <Divider />
        <SectionFields {...props} />
      </Collapse>
    </Paper>
  );
}
