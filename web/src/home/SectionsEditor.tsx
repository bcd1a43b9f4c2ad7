import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLayoutRows } from '@tabler/icons-react';
import { MAX_SECTIONS } from '../../../shared/schemas/layout';
import { useCategoryList } from '../categories/api';
import { DashedEmpty } from '../common/DashedEmpty';
import { FormError } from '../common/FormError';
import scroll from '../common/ScrollMargin.module.css';
import { WarningAlert } from '../common/WarningAlert';
import { AddSectionMenu } from './AddSectionMenu';
import { type LayoutEditorProps, SaveBar } from './LayoutScreen';
import { SectionCard } from './SectionCard';
import { SortableStack } from './SortableStack';
import { displayName } from './sections';
import { useSectionDrafts } from './use-section-drafts';

/** Add, order and fill the home page's sections; the headlines, top stories and cover story are sent as read. */
export function SectionsEditor({ layout, reload, readOnly }: LayoutEditorProps) {
  const categories = useCategoryList();
  const sections = useSectionDrafts(layout, categories);
  const { drafts, setDrafts, expanded, setOpen, errors, problem, full, listRef } = sections;
  const { saving, failure, dirty, update, add, remove, discard, onSave } = sections;

  const addMenu = <AddSectionMenu onAdd={add} disabledReason={full ? `At most ${MAX_SECTIONS} sections` : null} />;

  return (
    <Stack gap="lg" className={scroll.offsetAlerts}>
      <FormError error={failure} onReload={reload} />
      {problem && (
        <WarningAlert color="red" role="alert">
          {problem}
        </WarningAlert>
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
