import { ColorInput, Grid, Select, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { MAX_SECTION_ARTICLES } from '../../../shared/schemas/layout';
import type { CategoryOption, useCategoryList } from '../categories/api';
import type { PlacedArticle, TemplateValue } from './api';
import { SectionArticles } from './SectionArticles';
import {
  SECTION_SWATCHES,
  type SectionDraft,
  type SectionErrors,
  type SectionField,
  TEMPLATE_CHOICES,
} from './sections';

export interface SectionFieldsProps {
  draft: SectionDraft;
  errors: SectionErrors | undefined;
  onChange: (change: Partial<SectionDraft>, fields: SectionField[]) => void;
  categories: ReturnType<typeof useCategoryList>;
  /** Shown, not changed: no article search; fields disabled. */
  readOnly: boolean;
}

/** A section's name, category, template and colour, its articles and the search that adds them. */
export function SectionFields({ draft, errors, onChange, categories, readOnly }: SectionFieldsProps) {
  const chosenIds = useMemo(() => new Set(draft.articles.map((a) => a._id)), [draft.articles]);
  const full = draft.articles.length >= MAX_SECTION_ARTICLES;

  const addArticle = (article: PlacedArticle) => {
    if (full || chosenIds.has(article._id)) return;
    onChange({ articles: [...draft.articles, article] }, ['articles']);
  };

  const chooseCategory = (id: string | null) => {
    const category = categories.data?.find((c) => c._id === id) ?? null;
    const change: Partial<SectionDraft> = { category: category ? { _id: category._id, name: category.name } : null };
    // A new category section is usually named after its category.
    if (category && !draft.name.trim()) change.name = category.name;
    onChange(change, ['category', 'name']);
  };

  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'md' }}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6, lg: draft.type === 'Category' ? 3 : 4 }}>
          <TextInput
            label="Section name"
            placeholder={
              draft.type === 'Category' ? 'e.g. Sports' : `e.g. ${draft.type === 'Video' ? 'Watch' : 'In pictures'}`
            }
            value={draft.name}
            onChange={(event) => onChange({ name: event.currentTarget.value }, ['name'])}
            error={errors?.name}
            withAsterisk={!readOnly}
            disabled={readOnly}
            maxLength={100}
          />
        </Grid.Col>
        {draft.type === 'Category' && (
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <CategorySelect
              categories={categories}
              value={draft.category}
              onChange={chooseCategory}
              error={errors?.category}
              disabled={readOnly}
            />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: 6, lg: draft.type === 'Category' ? 3 : 4 }}>
          <Select
            label="Template"
            data={TEMPLATE_CHOICES}
            value={draft.template}
            onChange={(value) => value && onChange({ template: value as TemplateValue }, ['template'])}
            allowDeselect={false}
            error={errors?.template}
            withAsterisk={!readOnly}
            disabled={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: draft.type === 'Category' ? 3 : 4 }}>
          <ColorInput
            label="Colour"
            format="hex"
            value={draft.color}
            onChange={(value) => onChange({ color: value }, ['color'])}
            swatches={SECTION_SWATCHES}
            swatchesPerRow={9}
            withEyeDropper={false}
            error={errors?.color}
            withAsterisk={!readOnly}
            disabled={readOnly}
            placeholder="#1c4a92"
          />
        </Grid.Col>
      </Grid>
      <SectionArticles
        draft={draft}
        error={errors?.articles}
        onChange={onChange}
        readOnly={readOnly}
        chosenIds={chosenIds}
        full={full}
        onPick={addArticle}
      />
    </Stack>
  );
}

interface CategorySelectProps {
  categories: ReturnType<typeof useCategoryList>;
  value: SectionDraft['category'];
  onChange: (id: string | null) => void;
  error?: string;
  disabled?: boolean;
}

function CategorySelect({ categories, value, onChange, error, disabled }: CategorySelectProps) {
  const options = useMemo(() => {
    const list: CategoryOption[] = categories.data ?? [];
    const choices = list.map((c) => ({ value: c._id, label: c.active ? c.name : `${c.name} (inactive)` }));
    // A category deleted since the layout was saved still shows, so the editor sees what to replace.
    if (value && categories.data && !list.some((c) => c._id === value._id)) {
      choices.unshift({ value: value._id, label: value.name || 'Deleted category' });
    }
    return choices;
  }, [categories.data, value]);
  let description: string | undefined;
  if (categories.error && !categories.data) description = 'The categories could not be loaded; reload the page.';
  else if (categories.data?.length === 0)
    description = 'There are no categories yet; add them under Manage Categories.';
  return (
    <Select
      label="Category"
      placeholder={categories.data ? 'Choose a category' : 'Loading categories…'}
      data={options}
      value={value?._id ?? null}
      onChange={onChange}
      searchable
      nothingFoundMessage="No category matches"
      error={error}
      description={disabled ? undefined : description}
      withAsterisk={!disabled}
      disabled={disabled}
      allowDeselect={false}
    />
  );
}
