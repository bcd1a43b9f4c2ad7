import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconChevronDown } from '@tabler/icons-react';
import { Fragment } from 'react';
import type { AuditEntry } from '../../../shared/audit';
import { useIsNarrow } from '../common/use-narrow';
import { changeCount, fieldLabel, noteText, valueText } from './audit-query';
import type { EntryProps } from './entry-cells';

/** How many fields changed, as a button that unfolds them; a short note alone is shown as it is. */
export function ChangesToggle({ entry, open, onToggle }: Pick<EntryProps, 'entry' | 'open' | 'onToggle'>) {
  const count = changeCount(entry);
  if (count === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const fields = Object.keys(entry.changes ?? {});
  const note = noteText(entry);
  // A short note alone (the browser signed in with, why a sign-in failed) needs no unfolding.
  if (fields.length === 0 && note && note.length <= 80) {
    return (
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {note}
      </Text>
    );
  }
  const summary =
    fields.length === 0 ? 'Details' : fields.length === 1 ? fieldLabel(fields[0] ?? '') : `${fields.length} fields`;
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-expanded={open}
      aria-label={`${open ? 'Hide' : 'Show'} what changed: ${summary}`}
      style={{ borderRadius: 4 }}
    >
      <Group gap={4} wrap="nowrap">
        <Text size="sm" c="brand.7" fw={500}>
          {summary}
        </Text>
        <IconChevronDown
          size={14}
          color="var(--mantine-color-brand-7)"
          style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease', flex: 'none' }}
        />
      </Group>
    </UnstyledButton>
  );
}

/** Field by field, before → after; then the entry's note, if any. */
export function Changes({ entry }: { entry: AuditEntry }) {
  const rows = Object.entries(entry.changes ?? {});
  const note = noteText(entry);
  const narrow = useIsNarrow();
  return (
    <Stack gap="xs">
      {rows.length > 0 && (
        <Box
          component="dl"
          m={0}
          style={{
            display: 'grid',
            gridTemplateColumns: narrow ? '1fr' : 'minmax(120px, max-content) 1fr',
            gap: narrow ? '2px' : '8px 16px',
          }}
        >
          {rows.map(([field, [before, after]]) => (
            <Fragment key={field}>
              <Text component="dt" size="sm" c="dimmed" fw={500}>
                {fieldLabel(field)}
              </Text>
              <Box component="dd" m={0} mb={narrow ? 8 : 0} miw={0}>
                <Group gap={8} wrap="wrap" align="center">
                  <Text
                    size="sm"
                    px={6}
                    bg="var(--app-removed-bg)"
                    c="var(--app-removed-color)"
                    style={{
                      borderRadius: 4,
                      overflowWrap: 'anywhere',
                      textDecoration: 'line-through',
                      textDecorationColor: 'var(--mantine-color-red-3)',
                    }}
                  >
                    <VisuallyHidden component="span">Before: </VisuallyHidden>
                    {valueText(before)}
                  </Text>
                  <IconArrowRight size={14} color="var(--mantine-color-dimmed)" aria-hidden style={{ flex: 'none' }} />
                  <Text
                    size="sm"
                    px={6}
                    bg="var(--app-added-bg)"
                    c="var(--app-added-color)"
                    style={{ borderRadius: 4, overflowWrap: 'anywhere' }}
                  >
                    <VisuallyHidden component="span">After: </VisuallyHidden>
                    {valueText(after)}
                  </Text>
                </Group>
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
      {note && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      )}
    </Stack>
  );
}
