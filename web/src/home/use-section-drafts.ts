import { useMemo, useRef, useState } from 'react';
import { MAX_SECTIONS, type SectionType } from '../../../shared/schemas/layout';
import type { useCategoryList } from '../categories/api';
import { notifyError } from '../common/notify';
import { bodyInput, type HomeLayout } from './api';
import { useLayoutSave } from './LayoutScreen';
import {
  draftsOf,
  newSection,
  type SectionDraft,
  type SectionErrors,
  type SectionField,
  sectionProblems,
  sectionsInput,
} from './sections';

/**
 * The section drafts of the home page's layout and what changes them: which cards are open, each section's
 * problems, adding (scrolled into view), removing, discarding, and saving after the checks pass.
 */
export function useSectionDrafts(layout: HomeLayout, categories: ReturnType<typeof useCategoryList>) {
  const saved = useMemo(() => draftsOf(layout.body.sections), [layout.body.sections]);
  const [drafts, setDrafts] = useState<SectionDraft[]>(saved);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(saved.length === 1 ? saved.map((draft) => draft.key) : []),
  );
  const [errors, setErrors] = useState<Record<string, SectionErrors>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(0);
  const listRef = useRef<HTMLDivElement>(null);
  const { saving, failure, save, clearFailure } = useLayoutSave(layout, 'Section Successfully Updated');

  const savedInput = useMemo(() => JSON.stringify(sectionsInput(saved)), [saved]);
  const dirty = JSON.stringify(sectionsInput(drafts)) !== savedInput;
  const full = drafts.length >= MAX_SECTIONS;

  const setOpen = (key: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });

  const update = (key: string, change: Partial<SectionDraft>, fields: SectionField[]) => {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));
    if (errors[key] && fields.some((field) => errors[key]?.[field])) {
      setErrors((current) => {
        const remaining = { ...current[key] };
        for (const field of fields) delete remaining[field];
        return { ...current, [key]: remaining };
      });
    }
  };

  const add = (type: SectionType) => {
    if (full) return;
    nextKey.current += 1;
    const draft = newSection(type, `new-${nextKey.current}`);
    setDrafts((current) => [...current, draft]);
    setOpen(draft.key, true);
    // The new section is at the bottom: bring it into view so its name can be typed at once.
    scrollToSection(draft.key);
  };

  /** After the next paint, when a just-added or just-opened section has its height. */
  const scrollToSection = (key: string | undefined) =>
    requestAnimationFrame(() =>
      listRef.current
        ?.querySelector(`[data-section="${key}"]`)
        ?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }),
    );

  const remove = (key: string) => {
    setDrafts((current) => current.filter((draft) => draft.key !== key));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const discard = () => {
    setDrafts(saved);
    setErrors({});
    setProblem(null);
    clearFailure();
  };

  const onSave = () => {
    const body = { ...bodyInput(layout.body), sections: sectionsInput(drafts) };
    const known = categories.data ? new Set(categories.data.map((c) => c._id)) : null;
    const { bySection, other } = sectionProblems(body, drafts, known);
    setErrors(bySection);
    setProblem(other);
    const flagged = drafts.filter((draft) => Object.keys(bySection[draft.key] ?? {}).length > 0);
    if (flagged.length > 0 || other) {
      setExpanded((current) => new Set([...current, ...flagged.map((draft) => draft.key)]));
      if (flagged.length > 0) {
        notifyError(
          `${flagged.length === 1 ? 'One section needs' : `${flagged.length} sections need`} attention before saving`,
          'The sections were not saved',
        );
        scrollToSection(flagged[0]?.key);
      }
      return;
    }
    void save(body);
  };

  return {
    ...{ drafts, setDrafts, expanded, setOpen, errors, problem, full, listRef },
    ...{ saving, failure, dirty, update, add, remove, discard, onSave },
  };
}
