import { Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MAX_KEYWORDS_LENGTH } from '../../../../../shared/constants';
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

/** SEO title, description and keywords (at most 500 characters, counted as you type). */
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
  const over = keywords.length > MAX_KEYWORDS_LENGTH;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="SEO title"
          value={value.title}
          withAsterisk={required}
          error={errors?.title?.message}
          maxLength={200}
          onChange={(event) => set({ title: event.currentTarget.value })}
          onBlur={() => onBlur?.()}
        />
        <Textarea
          label="SEO keywords"
          description={
            <Group component="span" justify="space-between" gap="xs" wrap="nowrap">
              <span>Separate them with commas</span>
              <Text span size="xs" c={over ? 'red.7' : 'dimmed'} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
                {keywords.length} / {MAX_KEYWORDS_LENGTH}
              </Text>
            </Group>
          }
          value={keywords}
          error={errors?.metaTags?.[0]?.content?.message}
          autosize
          minRows={1}
          maxRows={4}
          onChange={(event) => set({ keywords: event.currentTarget.value })}
          onBlur={() => onBlur?.()}
        />
      </SimpleGrid>
      <Textarea
        label="SEO description"
        value={value.description}
        withAsterisk={required}
        error={errors?.description?.message}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={500}
        onChange={(event) => set({ description: event.currentTarget.value })}
        onBlur={() => onBlur?.()}
      />
    </Stack>
  );
}
