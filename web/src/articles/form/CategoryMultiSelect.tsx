import { MultiSelect } from '@mantine/core';
import { useMemo } from 'react';
import { type CategoryOption, useCategoryList } from '../../categories/api';
import type { IdListFieldProps } from '../../common/form/field-props';

export interface CategoryMultiSelectProps extends IdListFieldProps {
  required?: boolean;
  label?: string;
}

/** 'World › Europe › Sport': a category with the names of its parents, so namesakes are told apart. */
export function categoryPath(category: CategoryOption, byId: Map<string, CategoryOption>): string {
  const names = [category.name];
  const seen = new Set([category._id]);
  let parent = category.parent ? byId.get(category.parent) : undefined;
  while (parent && !seen.has(parent._id)) {
    names.unshift(parent.name);
    seen.add(parent._id);
    parent = parent.parent ? byId.get(parent.parent) : undefined;
  }
  return names.join(' › ');
}

/**
 * The article's categories: active ones to choose from (shown with their parent path). A category the article
 * already has stays visible even if it was deactivated since, so saving does not drop it unnoticed.
 */
export function CategoryMultiSelect(props: CategoryMultiSelectProps) {
  const { value, onChange, onBlur, error, required, label = 'Categories', disabled } = props;
  const { data, error: loadError, isLoading } = useCategoryList();

  const options = useMemo(() => {
    const all = data ?? [];
    const byId = new Map(all.map((c) => [c._id, c]));
    return all
      .filter((c) => c.active || value.includes(c._id))
      .map((c) => ({ value: c._id, label: `${categoryPath(c, byId)}${c.active ? '' : ' (inactive)'}` }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [data, value]);

  // Until the list arrives, the chosen ids have no names: keep them out of sight rather than show raw ids.
  const known = new Set(options.map((o) => o.value));
  const shown = data ? value.filter((id) => known.has(id)) : [];

  return (
    <MultiSelect
      label={label}
      placeholder={isLoading ? 'Loading categories…' : shown.length ? undefined : 'Choose categories'}
      data={options}
      value={shown}
      onChange={onChange}
      onBlur={onBlur}
      searchable
      clearable
      hidePickedOptions
      maxValues={20}
      nothingFoundMessage={loadError ? 'The categories could not be loaded' : 'No category matches'}
      withAsterisk={required}
      error={error}
      disabled={disabled}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}
