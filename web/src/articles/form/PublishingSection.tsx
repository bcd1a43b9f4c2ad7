import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Control, Path, PathValue } from 'react-hook-form';
import { FormSection } from '../../common/FormSection';
import { AuthorController, CategoriesController, PublishDateController } from './controllers';
import type { EditorFields } from './editor-fields';

interface PublishingSectionProps<T extends EditorFields, C, TT> {
  control: Control<T, C, TT>;
  /** Articles pick a time too; video and gallery a day only (CONTRACT.md §9). */
  withTime: boolean;
  /** How a picked day becomes the stored instant (video and gallery). */
  parseDate?: (picked: string | null) => string | null;
  /** What a date in the future does. */
  dateDescription: string;
  /** The stored author's name, shown while the users load or if that user is gone. */
  authorName?: string;
  /** Under the categories: the editor's own publishing fields. */
  children: ReactNode;
}

/** The editors' Publishing section: publish date, author and categories, then the editor's own fields. */
export function PublishingSection<T extends EditorFields, C, TT>(props: PublishingSectionProps<T, C, TT>) {
  const { control, withTime, parseDate, dateDescription, authorName, children } = props;
  const field = (name: keyof EditorFields) => name as Path<T>;
  return (
    <FormSection title="Publishing">
      <Stack gap="md">
        <PublishDateController
          control={control}
          name={field('publishDate')}
          parse={parseDate as ((picked: string | null) => PathValue<T, Path<T>>) | undefined}
          withTime={withTime}
          description={`${dateDescription}; empty, it is dated when it goes live`}
        />
        <AuthorController control={control} name={field('user')} currentName={authorName} />
        <CategoriesController control={control} name={field('categories')} required />
        {children}
      </Stack>
    </FormSection>
  );
}
