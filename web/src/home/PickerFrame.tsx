import { Grid, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from '../common/FormError';
import scroll from '../common/ScrollMargin.module.css';
import { type LayoutEditorProps, SaveBar, type SaveBarProps } from './LayoutScreen';

interface PickerFrameProps {
  /**
   * The screen it frames: its layout (for the save bar), the re-read that Reload does after a conflict, and
   * whether it is shown, not changed (no search and no save bar).
   */
  editor: LayoutEditorProps;
  /** The last save's failure. */
  failure: unknown;
  /** The search that adds stories, beside the chosen ones. */
  picker: ReactNode;
  saveBar: Omit<SaveBarProps, 'layout'>;
  /** The chosen stories, in their card. */
  children: ReactNode;
}

/** A home curation screen that picks stories: the chosen ones, the search beside them, the save bar under both. */
export function PickerFrame({ editor, failure, picker, saveBar, children }: PickerFrameProps) {
  const { layout, reload, readOnly } = editor;
  return (
    <Stack gap="lg" className={scroll.offsetAlerts}>
      <FormError error={failure} onReload={reload} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: readOnly ? 9 : 7, xl: readOnly ? 8 : 7 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            {children}
          </Paper>
        </Grid.Col>
        {!readOnly && <Grid.Col span={{ base: 12, md: 5 }}>{picker}</Grid.Col>}
      </Grid>
      {!readOnly && <SaveBar {...saveBar} layout={layout} />}
    </Stack>
  );
}
