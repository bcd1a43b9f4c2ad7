import { Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { DiffPart, FieldDiff } from './field-diff';
import classes from './RevisionDiff.module.css';

export type DiffMode = 'inline' | 'side';

/**
 * One run of text: what was added is green and underlined, what was removed red and struck through, each also
 * named for screen readers (never colour alone).
 */
function Part({ part }: { part: DiffPart }) {
  if (part.kind === 'same') return <span>{part.text}</span>;
  const Mark = part.kind === 'added' ? 'ins' : 'del';
  return (
    <Mark className={classes[part.kind]}>
      <VisuallyHidden>{`[${part.kind}: `}</VisuallyHidden>
      {part.text}
      <VisuallyHidden>]</VisuallyHidden>
    </Mark>
  );
}

function Runs({ parts, keep }: { parts: DiffPart[]; keep: (part: DiffPart) => boolean }) {
  const shown = parts.filter(keep);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        (empty)
      </Text>
    );
  }
  return (
    <div className={classes.text}>
      {shown.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one diff never move
        <Part key={index} part={part} />
      ))}
    </div>
  );
}

export interface RevisionDiffProps {
  diffs: FieldDiff[];
  mode: DiffMode;
  /** "Revision 3": the left column's heading in the side-by-side view. */
  revisionLabel: string;
}

/** The fields and sections that differ, inline (one text with both) or side by side (the revision, then now). */
export function RevisionDiff({ diffs, mode, revisionLabel }: RevisionDiffProps) {
  if (diffs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This revision holds the same content as the editor now.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {diffs.map((diff) => (
        <Paper key={diff.key} withBorder radius="sm" p="sm" component="section" aria-label={`Changes in ${diff.label}`}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
            {diff.label}
          </Text>
          {mode === 'inline' ? (
            <Runs parts={diff.parts} keep={() => true} />
          ) : (
            <SimpleGrid cols={2} spacing="md">
              <div className={classes.column}>
                <Text size="xs" c="dimmed" mb={4}>
                  {revisionLabel}
                </Text>
                <Runs parts={diff.parts} keep={(part) => part.kind !== 'added'} />
              </div>
              <div className={classes.column}>
                <Text size="xs" c="dimmed" mb={4}>
                  Now
                </Text>
                <Runs parts={diff.parts} keep={(part) => part.kind !== 'removed'} />
              </div>
            </SimpleGrid>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
