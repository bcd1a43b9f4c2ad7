import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { emptyEditorData, MAX_SECTIONS, type Section } from '../../../../shared/schemas/article-body';
import { SectionCard } from './SectionCard';

export interface SectionsFieldProps {
  value: Section[];
  onChange: (sections: Section[]) => void;
  /** One message per section (its content), e.g. 'Section content is required'. */
  errors?: (string | undefined)[];
  headlineLabel?: string;
  addLabel?: string;
  /** The heading of each card: 'Section' gives 'Section 1', 'Section 2', … */
  noun?: string;
  readOnly?: boolean;
}

/**
 * CONTRACT.md §2: repeatable sections, each a sub-headline and rich text. The first section cannot be removed.
 * Each section keeps a stable key so moving or removing one never mixes up the editors' contents.
 */
export function SectionsField(props: SectionsFieldProps) {
  const { value, onChange, errors, headlineLabel = 'Sub-headline', addLabel = 'Add section' } = props;
  const { noun = 'Section', readOnly = false } = props;
  const sections = value.length > 0 ? value : [{ title: '', body: emptyEditorData() }];
  const keys = useStableKeys(sections);

  // Several editors may report in the same tick (a flush before saving): each change applies to the
  // result of the one before it, not to the list this render saw.
  const latest = useRef(sections);
  latest.current = sections;
  const commit = (next: Section[]) => {
    latest.current = next;
    onChange(next);
  };

  const update = (index: number, patch: Partial<Section>) =>
    commit(latest.current.map((section, i) => (i === index ? { ...section, ...patch } : section)));
  const add = () => {
    keys.insert(latest.current.length);
    commit([...latest.current, { title: '', body: emptyEditorData() }]);
  };
  const remove = (index: number) => {
    keys.remove(index);
    commit(latest.current.filter((_, i) => i !== index));
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= latest.current.length) return;
    keys.swap(index, target);
    const next = [...latest.current];
    [next[index], next[target]] = [next[target] as Section, next[index] as Section];
    commit(next);
  };

  return (
    <Stack gap="md">
      {sections.map((section, index) => (
        <SectionCard
          key={keys.at(index)}
          section={section}
          index={index}
          count={sections.length}
          noun={noun}
          headlineLabel={headlineLabel}
          readOnly={readOnly}
          error={errors?.[index]}
          onMove={(by) => move(index, by)}
          onRemove={() => remove(index)}
          onUpdate={(patch) => update(index, patch)}
        />
      ))}
      {!readOnly && (
        <div>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={add}
            disabled={sections.length >= MAX_SECTIONS}
          >
            {addLabel}
          </Button>
        </div>
      )}
    </Stack>
  );
}

/**
 * Keys that follow the sections through add, remove and move. When the list is replaced from outside (an
 * import, a reload) with a different length, keys are regenerated.
 */
function useStableKeys(sections: readonly Section[]) {
  const counter = useRef(0);
  const keys = useRef<number[]>([]);
  const next = () => {
    counter.current += 1;
    return counter.current;
  };
  if (keys.current.length !== sections.length) {
    keys.current = sections.map((_, i) => keys.current[i] ?? next());
  }
  return {
    at: (index: number) => keys.current[index] ?? index,
    insert: (index: number) => {
      keys.current = [...keys.current.slice(0, index), next(), ...keys.current.slice(index)];
    },
    remove: (index: number) => {
      keys.current = keys.current.filter((_, i) => i !== index);
    },
    swap: (a: number, b: number) => {
      const copy = [...keys.current];
      [copy[a], copy[b]] = [copy[b] as number, copy[a] as number];
      keys.current = copy;
    },
  };
}
