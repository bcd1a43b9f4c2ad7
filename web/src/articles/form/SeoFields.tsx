import { Stack, Textarea, TextInput } from '@mantine/core';
import { ARTICLE_TEXT_LIMITS as LIMITS } from '../../../../shared/constants';
import { CharCount, counted } from '../../common/form/CharCount';
import type { SeoValue } from './seo';

interface Message {
  message?: string;
}

/** react-hook-form's errors under `seo`. */
export interface SeoErrors {
  title?: Message;
  description?: Message;
  metaTags?: { [index: number]: { content?: Message } | undefined };
}

export interface SeoFieldsProps {
  value: SeoValue;
  onChange: (value: Required<SeoValue>) => void;
  onBlur?: () => void;
  errors?: SeoErrors;
  /** Video and Gallery require the SEO title and description (CONTRACT.md §5). */
  required?: boolean;
}

/** SEO title, description and keywords, each counted against its limit as it is typed. */
export function SeoFields({ value, onChange, onBlur, errors, required = false }: SeoFieldsProps) {
  const keywords = value.metaTags?.[0]?.content ?? '';
  const set = (changed: Partial<{ title: string; description: string; keywords: string }>) => {
    const next = { title: value.title, description: value.description, keywords, ...changed };
    onChange({
      title: next.title,
      description: next.description,
      metaTags: [{ property: 'keywords', content: next.keywords }],
    });
  };

  return (
    <Stack gap="md">
      <TextInput
        label="SEO title"
        value={value.title}
        withAsterisk={required}
        error={errors?.title?.message}
        {...counted(<CharCount value={value.title} max={LIMITS.seoTitle} />)}
        onChange={(event) => set({ title: event.currentTarget.value })}
        onBlur={() => onBlur?.()}
      />
      <Textarea
        label="SEO description"
        value={value.description}
        withAsterisk={required}
        error={errors?.description?.message}
        autosize
        minRows={2}
        maxRows={6}
        {...counted(<CharCount value={value.description} max={LIMITS.seoDescription} />)}
        onChange={(event) => set({ description: event.currentTarget.value })}
        onBlur={() => onBlur?.()}
      />
      <Textarea
        label="SEO keywords"
        {...counted(<CharCount value={keywords} max={LIMITS.keywords} hint="Separate them with commas" />)}
        value={keywords}
        error={errors?.metaTags?.[0]?.content?.message}
        autosize
        minRows={1}
        maxRows={4}
        onChange={(event) => set({ keywords: event.currentTarget.value })}
        onBlur={() => onBlur?.()}
      />
    </Stack>
  );
}
