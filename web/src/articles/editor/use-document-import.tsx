import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ArticleFields } from '../../../../shared/schemas/article';
import { type EditorData, editorHasContent, type Section } from '../../../../shared/schemas/article-body';
import type { ArticleFormValues } from './article-form';

/** Asks before an import overwrites what was written; true to go ahead. */
function confirmReplace(title: string, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: 'Replace', cancel: 'Keep mine' },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/**
 * What the import panel does to the article's sections: a Word document replaces them all, a PDF's text the first
 * one's content. Either asks first when it would overwrite something written; each resolves true once applied.
 */
export function useDocumentImport(
  form: UseFormReturn<ArticleFormValues, unknown, ArticleFields>,
  isSubmitted: boolean,
) {
  const setSections = useCallback(
    async (sections: Section[]) => {
      const written = form.getValues('body').some((s) => editorHasContent(s.body) || s.title);
      if (
        written &&
        !(await confirmReplace(
          'Replace the sections?',
          'The imported document replaces every section you have written so far.',
        ))
      ) {
        return false;
      }
      form.setValue('body', sections, { shouldDirty: true, shouldValidate: isSubmitted });
      return true;
    },
    [form, isSubmitted],
  );
  const setFirstSection = useCallback(
    async (body: EditorData) => {
      const [first, ...rest] = form.getValues('body');
      if (
        first &&
        editorHasContent(first.body) &&
        !(await confirmReplace(
          'Replace the first section?',
          'The PDF’s text replaces what the first section holds now.',
        ))
      ) {
        return false;
      }
      form.setValue('body', [{ title: first?.title ?? '', body }, ...rest], {
        shouldDirty: true,
        shouldValidate: isSubmitted,
      });
      return true;
    },
    [form, isSubmitted],
  );
  return { setSections, setFirstSection };
}
