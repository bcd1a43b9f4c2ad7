import { Badge, Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { canAccess } from '../../../shared/permissions';
import type { LayoutBodyInput } from '../../../shared/schemas/layout';
import { notifySuccess } from '../common/notify';
import readOnlyClasses from '../common/ReadOnly.module.css';
import { ReadOnlyNotice } from '../common/ReadOnlyNotice';
import { RecordScreen } from '../common/RecordScreen';
import { useSession } from '../session/session-context';
import { type HomeLayout, saveHomeLayout, useHomeLayout } from './api';
import classes from './LayoutScreen.module.css';

export interface LayoutEditorProps {
  layout: HomeLayout;
  /** Re-reads the layout; the editor then starts afresh at the new version. */
  reload: () => Promise<unknown>;
  /** The viewer may look but not change (no Edit on Layout): no pickers, no reordering, no Save. */
  readOnly: boolean;
}

export const LAYOUT_READ_ONLY_REASON = 'Changing the home page needs Edit on Home Page; ask an administrator.';

interface LayoutScreenProps {
  title: string;
  description: ReactNode;
  editor: (props: LayoutEditorProps) => ReactNode;
}

/** A home curation screen: its header, then the editor once the layout is read (or why it could not be). */
export function LayoutScreen({ title, description, editor }: LayoutScreenProps) {
  const load = useHomeLayout();
  const { user } = useSession();
  // Everyone may see the home page's layout (CONTRACT.md §6); changing it needs Edit on Layout, which the API
  // checks too.
  const readOnly = !canAccess(user, 'Layout', ['Edit']);
  return (
    <RecordScreen title={title} description={description} load={load} noun="home page layout">
      {/* Keyed by version: a save or a Reload starts a fresh editor from what the server holds. */}
      {(layout, reload) => (
        <div className={readOnly ? readOnlyClasses.readOnly : undefined}>
          {readOnly && <ReadOnlyNotice>{LAYOUT_READ_ONLY_REASON}</ReadOnlyNotice>}
          <EditorAtVersion
            key={`${layout._id}:${layout.version}`}
            layout={layout}
            reload={reload}
            readOnly={readOnly}
            editor={editor}
          />
        </div>
      )}
    </RecordScreen>
  );
}

function EditorAtVersion({ editor, ...props }: LayoutEditorProps & Pick<LayoutScreenProps, 'editor'>) {
  return editor(props);
}

/** Saves the full layout at the version the editor read; keeps the failure for FormError to show. */
export function useLayoutSave(layout: HomeLayout, successMessage: string) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const save = async (body: LayoutBodyInput) => {
    setSaving(true);
    setFailure(null);
    try {
      await saveHomeLayout(layout, body);
      notifySuccess(successMessage);
    } catch (error) {
      setFailure(error);
      setSaving(false);
    }
    // On success the editor is replaced by one at the new version: nothing left to reset here.
  };
  return { saving, failure, save, clearFailure: () => setFailure(null) };
}

export interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  layout: Pick<HomeLayout, 'updatedAt' | 'version'>;
}

/** Under the editor: whether anything changed, Discard and Save. */
export function SaveBar({ dirty, saving, onSave, onDiscard, layout }: SaveBarProps) {
  return (
    // Sticks to the window's bottom only while there is something to save; otherwise it would just hide content.
    <Paper withBorder radius="md" p="sm" shadow={dirty ? 'sm' : 'none'} className={dirty ? classes.saveBar : undefined}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {dirty ? (
          <Badge color="yellow" variant="light">
            Unsaved changes
          </Badge>
        ) : (
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {/* The record is created empty on its first read: version 1 was never saved by anyone. */}
            {layout.version > 1 ? `Last saved ${formatDateTime(layout.updatedAt)}` : 'Not saved yet'}
          </Text>
        )}
        <Group gap="sm" ml="auto">
          <Button variant="default" onClick={onDiscard} disabled={!dirty || saving}>
            Discard
            <Box component="span" visibleFrom="xs">
              &nbsp;changes
            </Box>
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} loading={saving}>
            Save
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
