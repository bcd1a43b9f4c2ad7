import { Badge, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ARTICLE_TEXT_LIMITS } from '../../../../shared/constants';
import type { Section } from '../../../../shared/schemas/article-body';
import { CharCount, counted } from '../../common/form/CharCount';
import { MoveActions } from '../../common/MoveActions';
import { RichTextEditor } from './RichTextEditor';

export interface SectionCardProps {
  section: Section;
  index: number;
  /** How many sections the list has: the last cannot move down. */
  count: number;
  noun: string;
  headlineLabel: string;
  readOnly: boolean;
  error?: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onUpdate: (patch: Partial<Section>) => void;
}

/** One section of SectionsField: its numbered heading, the move and remove buttons, the sub-headline and the text. */
export function SectionCard(props: SectionCardProps) {
  const { section, index, count, noun, headlineLabel, readOnly, error, onUpdate } = props;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      shadow="none"
      bg="var(--app-surface-subtle)"
      aria-label={`${noun} ${index + 1}`}
      role="group"
    >
      <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
        <Group gap={8}>
          <Badge variant="light" radius="sm">
            {noun} {index + 1}
          </Badge>
          {index === 0 && count > 1 && (
            <Text size="xs" c="dimmed">
              The first {noun.toLowerCase()} stays
            </Text>
          )}
        </Group>
        {!readOnly && (
          <MoveActions
            name={`${noun.toLowerCase()} ${index + 1}`}
            first={index === 0}
            last={index === count - 1}
            onMove={props.onMove}
            // The first section stays.
            onRemove={index > 0 ? props.onRemove : undefined}
            removeTip={`Remove ${noun.toLowerCase()}`}
          />
        )}
      </Group>
      <Stack gap="sm">
        <TextInput
          label={headlineLabel}
          value={section.title ?? ''}
          readOnly={readOnly}
          {...counted(<CharCount value={section.title} max={ARTICLE_TEXT_LIMITS.sectionTitle} />)}
          onChange={(event) => onUpdate({ title: event.currentTarget.value })}
        />
        <RichTextEditor
          label="Content"
          withAsterisk
          value={section.body}
          readOnly={readOnly}
          error={error}
          onChange={(body) => onUpdate({ body })}
        />
      </Stack>
    </Paper>
  );
}
