import { Alert, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLayoutRows } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { MAX_SECTIONS, type SectionType } from '../../../shared/schemas/layout';
import { useCategoryList } from '../categories/api';
import { DashedEmpty } from '../common/DashedEmpty';
import { FormError } from '../common/FormError';
import { notifyError } from '../common/notify';
import scroll from '../common/ScrollMargin.module.css';
import { AddSectionMenu } from './AddSectionMenu';
import { bodyInput } from './api';
import { type LayoutEditorProps, SaveBar, useLayoutSave } from './LayoutScreen';
import { SectionCard } from './SectionCard';
import { SortableStack } from './SortableStack';
import {
  displayName,
  draftsOf,
  newSection,
  type SectionDraft,
  type SectionErrors,
  type SectionField,
  sectionProblems,
  sectionsInput,
} from './sections';

/** Add, order and fill the home page's sections; the headlines, top stories and cover story are sent as read. */
export function SectionsEditor({ layout, reload, readOnly }: LayoutEditorProps) {
  const saved = useMemo(() => draftsOf(layout.body.sections), [layout.body.sections]);
  const [drafts, setDrafts] = useState<SectionDraft[]>(saved);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(saved.length === 1 ? saved.map((draft) => draft.key) : []),
  );
  const [errors, setErrors] = useState<Record<string, SectionErrors>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(0);
  const listRef = useRef<HTMLDivElement>(null);
  const categories = useCategoryList();
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

  const addMenu = <AddSectionMenu onAdd={add} disabledReason={full ? `At most ${MAX_SECTIONS} sections` : null} />;

  return (
    <Stack gap="lg" className={scroll.offsetAlerts}>
      <FormError error={failure} onReload={reload} />
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" align="center" mb="sm" gap="xs">
          <div>
            <Title order={2} fz="md">
              Sections
            </Title>
            <Text size="sm" c="dimmed">
              Shown on the home page from top to bottom, under the headlines.
            </Text>
          </div>
          {drafts.length > 0 && !readOnly && addMenu}
        </Group>
        {drafts.length === 0 ? (
          <DashedEmpty
            icon={<IconLayoutRows size={20} />}
            title="No sections yet"
            hint={
              readOnly
                ? 'The home page shows no sections under the headlines at the moment.'
                : 'Add a section of a category’s stories, of videos or of photo galleries.'
            }
            padding="xl"
            hintMaw={400}
          >
            {!readOnly && addMenu}
          </DashedEmpty>
        ) : (
          <Box ref={listRef}>
            <SortableStack
              label="Home page sections"
              items={drafts}
              idOf={(draft) => draft.key}
              nameOf={displayName}
              onReorder={setDrafts}
              gap={10}
              renderItem={(draft, index, controls) => (
                <SectionCard
                  draft={draft}
                  position={index + 1}
                  errors={errors[draft.key]}
                  open={expanded.has(draft.key)}
                  onToggle={() => setOpen(draft.key, !expanded.has(draft.key))}
                  onChange={(change, fields) => update(draft.key, change, fields)}
                  onRemove={() => remove(draft.key)}
                  categories={categories}
                  readOnly={readOnly}
                  handle={controls.handle}
                  moveButtons={controls.moveButtons}
                  dragging={controls.dragging}
                />
              )}
            />
          </Box>
        )}
      </Paper>
      {!readOnly && <SaveBar dirty={dirty} saving={saving} onSave={onSave} onDiscard={discard} layout={layout} />}
    </Stack>
  );
}
