import { TextInput } from '@mantine/core';
import { breakingNewsSchema } from '../../../shared/schemas/breaking-news';
import { inputBinder } from '../common/form/input-binder';
import { FormModal, ModalForm } from '../common/form/ModalForm';
import { useModalSave } from '../common/form/use-modal-save';
import { useSchemaForm } from '../common/form/use-schema-form';
import { type BreakingNews, createBreakingNews, revalidateBreakingNews, updateBreakingNews } from './api';

export interface BreakingNewsModalProps {
  opened: boolean;
  /** The item being edited; absent when adding. */
  item?: BreakingNews;
  onClose: () => void;
  /** Re-reads the list (Reload after a conflict). */
  reload: () => Promise<unknown>;
}

/** CONTRACT.md §2: 'Add Breaking news' and (sic) 'Edit Category': headline and an optional link. */
export function BreakingNewsModal({ opened, item, onClose, reload }: BreakingNewsModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={item ? 'Edit Category' : 'Add Breaking news'}
      size="lg"
      record={item}
    >
      <BreakingNewsForm item={item} onDone={onClose} reload={reload} />
    </FormModal>
  );
}

function BreakingNewsForm({
  item,
  onDone,
  reload,
}: Omit<BreakingNewsModalProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const form = useSchemaForm(breakingNewsSchema, { title: item?.title ?? '', url: item?.url ?? '' });
  const input = inputBinder(form);

  const modal = useModalSave(form, {
    record: item,
    update: updateBreakingNews,
    create: createBreakingNews,
    updated: 'Breaking news Updated Successfully',
    added: 'Breaking News Added Successfully',
    revalidate: revalidateBreakingNews,
    onDone,
    reload,
  });

  return (
    <ModalForm label={item ? 'Edit breaking news' : 'Add breaking news'} {...modal}>
      <TextInput label="Headline" autoComplete="off" withAsterisk data-autofocus {...input('title')} />
      <TextInput
        label="URL"
        description="Optional: where the headline links to, e.g. https://… or /politics/…"
        autoComplete="off"
        {...input('url')}
      />
    </ModalForm>
  );
}
