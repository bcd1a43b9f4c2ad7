import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { CategoryMultiSelect } from '../../articles/form';
import { DayFilterInput, FilterForm, SearchFilterInput } from '../../common/FilterPanel';
import { type AdListQuery, EMPTY_FILTERS } from './list-query';

export interface AdFilterPanelProps {
  /** The filters in the URL now; the panel edits a copy until Apply. */
  applied: AdListQuery;
  onApply: (filters: AdListQuery) => void;
  onReset: () => void;
}

/** The ad list's filters: words in the title, categories, and a day the ad runs on; Apply, Reset. */
export function AdFilterPanel({ applied, onApply, onReset }: AdFilterPanelProps) {
  const [draft, setDraft] = useState<AdListQuery>(applied);
  const set = <K extends keyof AdListQuery>(key: K, value: AdListQuery[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const reset = () => {
    setDraft(EMPTY_FILTERS);
    onReset();
  };

  return (
    <FilterForm label="Filter advertisements" onApply={() => onApply(draft)} onReset={reset}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
        <SearchFilterInput value={draft.search} onChange={(search) => set('search', search)} />
        <CategoryMultiSelect value={draft.categories} onChange={(ids) => set('categories', ids)} />
        <DayFilterInput label="Running on" value={draft.date} onChange={(day) => set('date', day)} />
      </SimpleGrid>
    </FilterForm>
  );
}
