import { Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MAX_KEYWORDS_LENGTH } from '../../../../../shared/constants';

export interface SeoValue {
  title: string;
  description: string;
  keywords: string;
}

export interface SeoFieldsProps {
  value: SeoValue;
  onChange: (value: SeoValue) => void;
  onBlur?: (field: keyof SeoValue) => void;
  errors?: Partial<Record<keyof SeoValue, string | undefined>>;
  /** Video and Gallery require the SEO title and description (SPEC §5). */
  required?: boolean;
}

/** SEO title, description and keywords (at most 500 characters, counted as you type). */
export function SeoFields({ value, onChange, onBlur, errors, required = false }: SeoFieldsProps) {
  const set = (field: keyof SeoValue) => (text: string) => onChange({ ...value, [field]: text });
  const length = value.keywords.length;
  const over = length > MAX_KEYWORDS_LENGTH;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="SEO title"
          value={value.title}
          withAsterisk={required}
          error={errors?.title}
          maxLength={200}
          onChange={(event) => set('title')(event.currentTarget.value)}
          onBlur={() => onBlur?.('title')}
        />
        <Textarea
          label="SEO keywords"
          description={
            <Group component="span" justify="space-between" gap="xs" wrap="nowrap">
              <span>Separate them with commas</span>
              <Text span size="xs" c={over ? 'red.7' : 'dimmed'} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
                {length} / {MAX_KEYWORDS_LENGTH}
              </Text>
            </Group>
          }
          value={value.keywords}
          error={errors?.keywords}
          autosize
          minRows={1}
          maxRows={4}
          onChange={(event) => set('keywords')(event.currentTarget.value)}
          onBlur={() => onBlur?.('keywords')}
        />
      </SimpleGrid>
      <Textarea
        label="SEO description"
        value={value.description}
        withAsterisk={required}
        error={errors?.description}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={500}
        onChange={(event) => set('description')(event.currentTarget.value)}
        onBlur={() => onBlur?.('description')}
      />
    </Stack>
  );
}
