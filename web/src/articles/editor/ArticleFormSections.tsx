import { SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { ARTICLE_TEXT_LIMITS as LIMITS } from '../../../../shared/constants';
import type { ArticleFields } from '../../../../shared/schemas/article';
import { FormSection } from '../../common/FormSection';
import { counted, WatchedCharCount } from '../../common/form/CharCount';
import { inputBinder } from '../../common/form/input-binder';
import { SlugController } from '../../common/form/SlugController';
import type { ArticleDetail } from '../api';
import {
  CoverImageController,
  HistoryPanel,
  PublishingSection,
  SectionsController,
  SeoController,
  TitleField,
} from '../form';
import { type ArticleFormValues, sectionErrors, WRITTEN_TYPES, type WrittenType } from './article-form';
import { ImportPanel, type ImportPanelProps } from './ImportPanel';

type ArticleForm = UseFormReturn<ArticleFormValues, unknown, ArticleFields>;

/** A counted text field's count, read from the form as it is typed. */
const watchedCount = <N extends 'description' | 'imageAlt' | 'imageTitle' | 'canonicalUrl'>(
  form: ArticleForm,
  name: N,
  max: number,
) => counted(<WatchedCharCount control={form.control} name={name} max={max} />);

interface ArticleBasicsSectionProps {
  form: ArticleForm;
  type: WrittenType;
  onType: (type: WrittenType) => void;
  /** Stored already: the type can no longer change. */
  saved: boolean;
  /** A new article: the slug follows the title. */
  isNew: boolean;
}

/** The type (Article or Blog, set when created), the title, the slug and the short description. */
export function ArticleBasicsSection({ form, type, onType, saved, isNew }: ArticleBasicsSectionProps) {
  const { control } = form;
  const input = inputBinder(form);
  const watched = (name: 'description', max: number) => watchedCount(form, name, max);
  return (
    <FormSection label="Article">
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="article-type-label">
            Type
          </Text>
          <SegmentedControl
            aria-labelledby="article-type-label"
            data={[...WRITTEN_TYPES]}
            value={type}
            onChange={(value) => onType(value as WrittenType)}
            disabled={saved}
            w={{ base: '100%', xs: 240 }}
          />
          {saved && (
            <Text size="xs" c="dimmed">
              The type is set when the article is created.
            </Text>
          )}
        </Stack>
        <TitleField form={form} />
        <SlugController control={control} follow={isNew} />
        <Textarea
          label="Short description"
          autosize
          minRows={2}
          maxRows={6}
          {...watched('description', LIMITS.description)}
          {...input('description')}
        />
      </Stack>
    </FormSection>
  );
}

/** The sections, each a sub-headline and its text, with the body's own problem above them. */
export function ArticleBodySection({ form, readOnly }: { form: ArticleForm; readOnly: boolean }) {
  const { control } = form;
  const { errors } = form.formState;
  const bodyError = (errors.body as { message?: string; root?: { message?: string } } | undefined)?.message;
  return (
    <FormSection title="Sections" description="Each section has a sub-headline and its text.">
      {bodyError && (
        <Text size="sm" c="var(--mantine-color-error)" mb="sm" role="alert" data-field-error>
          {bodyError}
        </Text>
      )}
      <SectionsController control={control} name="body" errors={sectionErrors(errors)} readOnly={readOnly} />
    </FormSection>
  );
}

interface ArticleSideSectionsProps {
  form: ArticleForm;
  /** The stored article (its draft when it has one), once there is one. */
  saved: ArticleDetail | undefined;
  authorName: string | undefined;
  onCoverBusy: (busy: boolean) => void;
  importSections: ImportPanelProps['onSections'];
  importFirstSection: ImportPanelProps['onFirstSection'];
  importDisabled: boolean;
}

/** The side column: publishing (with the canonical URL), the cover image, the import, SEO, and the history. */
export function ArticleSideSections(props: ArticleSideSectionsProps) {
  const { form, saved, authorName, onCoverBusy, importSections, importFirstSection, importDisabled } = props;
  const { control } = form;
  const { errors } = form.formState;
  const input = inputBinder(form);
  const watched = (name: 'imageAlt' | 'imageTitle' | 'canonicalUrl', max: number) => watchedCount(form, name, max);
  return (
    <>
      <PublishingSection
        control={control}
        withTime
        dateDescription="A date in the future schedules the article"
        authorName={authorName}
      >
        <TextInput
          label="Canonical URL"
          placeholder="https://"
          type="url"
          {...watched('canonicalUrl', LIMITS.link)}
          {...input('canonicalUrl')}
        />
      </PublishingSection>

      <FormSection title="Cover image">
        <Stack gap="md">
          <CoverImageController
            control={control}
            name="image"
            purpose="cover-image"
            files={saved?.media}
            onBusyChange={onCoverBusy}
            label="Image"
          />
          <TextInput label="Alt tag" {...watched('imageAlt', LIMITS.imageAlt)} {...input('imageAlt')} />
          <TextInput label="Cover image title" {...watched('imageTitle', LIMITS.imageTitle)} {...input('imageTitle')} />
        </Stack>
      </FormSection>

      <FormSection title="Import" description="Fill the sections from a Word document or a PDF.">
        <ImportPanel onSections={importSections} onFirstSection={importFirstSection} disabled={importDisabled} />
      </FormSection>

      <FormSection title="SEO">
        <SeoController control={control} name="seo" errors={errors.seo} />
      </FormSection>

      {saved && <HistoryPanel articleId={saved._id} />}
    </>
  );
}
