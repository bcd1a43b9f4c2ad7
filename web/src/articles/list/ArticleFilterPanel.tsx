import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ARTICLE_TYPES, type ArticleType } from '../../../../shared/constants';
import { useCategoryList } from '../../categories/api';
import { usePickerA11y } from '../../common/DateTimeField';
import { FilterForm, SearchFilterInput } from '../../common/FilterPanel';
import { MAX_FILTER_CATEGORIES } from '../../common/list-query';
import { EMPTY_FILTERS, type PanelFilters } from './list-query';

export interface ArticleFilterPanelProps {
  /** The filters in the URL now; the panel edits a copy until Apply. */
  applied: PanelFilters;
  onApply: (filters: PanelFilters) => void;
  onReset: () => void;
}

const TYPE_OPTIONS = ARTICLE_TYPES.map((type) => ({ value: type, label: type }));

/**
 * The filter panel of CONTRACT.md §2: search text over titles, the created day(s), categories and type; Apply, Reset.
 */
export function ArticleFilterPanel({ applied, onApply, onReset }: ArticleFilterPanelProps) {
  const [draft, setDraft] = useState<PanelFilters>(applied);
  const categories = useCategoryList();
  const createdA11y = usePickerA11y();
  const set = <K extends keyof PanelFilters>(key: K, value: PanelFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  // Picked ids stay selectable (by id) even before the names load or after a category goes away.
  const categoryOptions = useMemo(() => {
    const options = (categories.data ?? []).map((category) => ({
      value: category._id,
      label: category.active ? category.name : `${category.name} (inactive)`,
    }));
    const known = new Set(options.map((option) => option.value));
    for (const id of draft.categories) if (!known.has(id)) options.push({ value: id, label: 'Unknown category' });
    return options;
  }, [categories.data, draft.categories]);

  const reset = () => {
    setDraft(EMPTY_FILTERS);
    onReset();
  };

  return (
    <FilterForm label="Filter articles" onApply={() => onApply(draft)} onReset={reset}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
        <SearchFilterInput value={draft.search} onChange={(search) => set('search', search)} />
        <DatePickerInput
          {...createdA11y}
          type="range"
          allowSingleDateInRange
          label="Created"
          placeholder="A day or a range of days"
          leftSection={<IconCalendar size={16} />}
          valueFormat="DD/MM/YYYY"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear created days' }}
          maxDate={new Date()}
          value={[draft.from, draft.to]}
          onChange={([from, to]) => setDraft((current) => ({ ...current, from, to }))}
        />
        <MultiSelect
          label="Categories"
          placeholder={draft.categories.length > 0 ? undefined : 'Any category'}
          data={categoryOptions}
          value={draft.categories}
          onChange={(ids) => set('categories', ids)}
          searchable
          clearable
          hidePickedOptions
          maxValues={MAX_FILTER_CATEGORIES}
          nothingFoundMessage={categories.isLoading ? 'Loading categories…' : 'No such category'}
          maxDropdownHeight={260}
        />
        <Select
          label="Type"
          placeholder="Any type"
          data={TYPE_OPTIONS}
          value={draft.type}
          onChange={(type) => set('type', (type as ArticleType | null) ?? null)}
          clearable
          allowDeselect
        />
      </SimpleGrid>
    </FilterForm>
  );
}
