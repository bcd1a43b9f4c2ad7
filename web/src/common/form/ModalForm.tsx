import { Button, Group, Modal, Stack, Tooltip } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { FormError } from '../FormError';
import scroll from '../ScrollMargin.module.css';
import { useIsNarrow } from '../use-narrow';
import type { SaveState } from './use-save-form';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size: 'lg' | 'xl';
  /** A long form fills narrow screens rather than scrolling inside a small box. */
  fullScreenWhenNarrow?: boolean;
  /** The record the form edits; none when adding. */
  record?: { _id: string; version: number };
  children: ReactNode;
}

/** The modal an add or edit form opens in, over its list. */
export function FormModal({ fullScreenWhenNarrow, record, children, ...modal }: FormModalProps) {
  const fullScreen = useIsNarrow() && fullScreenWhenNarrow === true;
  return (
    <Modal {...modal} radius="md" fullScreen={fullScreen} centered={!fullScreen}>
      {/* A re-read record (Reload after a conflict) starts a fresh form at its version. */}
      <Fragment key={record ? `${record._id}:${record.version}` : 'new'}>{children}</Fragment>
    </Modal>
  );
}

export interface ModalFormProps {
  /** The form's accessible name. */
  label: string;
  save: SaveState;
  /** Editing a stored record: the submit reads Update (else Save), and a conflict offers Reload. */
  editing: boolean;
  /** Re-reads the record after a conflict (FormError's Reload). */
  onReload: () => Promise<unknown>;
  onCancel: () => void;
  /** While set, the submit button is disabled … */
  busy?: boolean;
  /** … and this says why, on hover. */
  busyReason?: string;
  children: ReactNode;
}

/** A modal's form: its error above the fields, Cancel and the submit button under them. */
export function ModalForm(props: ModalFormProps) {
  const { label, save, editing, onReload, onCancel, busy, busyReason, children } = props;
  const submit = (
    // Pressing it must not take the focus first: the field left behind would show its message ('Name is required')
    // above, moving the button away before the mouse comes up, and the click, the submit and the scroll to the
    // message (use-save-form.ts) would be lost. The keyboard and the click submit as before.
    <Button type="submit" loading={save.submitting} disabled={busy} onMouseDown={(event) => event.preventDefault()}>
      {editing ? 'Update' : 'Save'}
    </Button>
  );
  return (
    <form className={scroll.offsetAlerts} onSubmit={save.onSubmit} noValidate aria-label={label}>
      <FormError error={save.failure} onReload={editing ? onReload : undefined} />
      <Stack gap="md">{children}</Stack>
      <Group justify="flex-end" gap="sm" mt="xl">
        <Button variant="default" onClick={onCancel} disabled={save.submitting}>
          Cancel
        </Button>
        {busyReason ? (
          <Tooltip label={busyReason} disabled={!busy} withArrow>
            {submit}
          </Tooltip>
        ) : (
          submit
        )}
      </Group>
    </form>
  );
}
