import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notifySuccess } from '../notify';
import type { ModalFormProps } from './ModalForm';
import { useSaveForm } from './use-save-form';

export interface ModalSaveOptions<V, R, S> {
  /** The record the modal edits; none when adding. */
  record: R | undefined;
  update: (record: R, values: V) => Promise<S>;
  create: (values: V) => Promise<S>;
  /** CONTRACT.md §8's popups after an update and after an add. */
  updated: string;
  added: string;
  /** Re-reads what the modal is over; not waited for. */
  revalidate: () => Promise<unknown>;
  /** After a save, with what the API answered. */
  onSaved?: (saved: S) => void;
  /** Closes the modal: after a save, and on Cancel. */
  onDone: () => void;
  /** Re-reads the record after a conflict (FormError's Reload). */
  reload: () => Promise<unknown>;
}

/**
 * An add or edit modal's save: the update or the create, its popup, the list re-read, the modal closed. Returns
 * ModalForm's props for it: `<ModalForm label="…" {...useModalSave(form, options)}>`.
 */
export function useModalSave<T extends FieldValues, C, V, R, S>(
  form: UseFormReturn<T, C, V>,
  options: ModalSaveOptions<V, R, S>,
): Pick<ModalFormProps, 'save' | 'editing' | 'onReload' | 'onCancel'> {
  const { record, update, create, updated, added, revalidate, onSaved, onDone, reload } = options;
  const save = useSaveForm(form, async (values) => {
    const saved = record ? await update(record, values) : await create(values);
    notifySuccess(record ? updated : added);
    void revalidate();
    onSaved?.(saved);
    onDone();
  });
  return { save, editing: record !== undefined, onReload: reload, onCancel: onDone };
}
