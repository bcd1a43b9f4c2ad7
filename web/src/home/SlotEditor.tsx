import { Group, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ArticlePicker } from './ArticlePicker';
import { bodyInput, type PlacedArticle } from './api';
import { type LayoutEditorProps, useLayoutSave } from './LayoutScreen';
import { PickerFrame } from './PickerFrame';
import { PlacedArticleList } from './PlacedArticleList';

/** One ordered list of the layout: the top headlines or the top stories. */
export interface SlotConfig {
  slot: 'headlines' | 'topStory';
  max: number;
  /** 'headlines' in the counts and hints. */
  many: string;
  /** The list's heading ('Top headlines'). */
  heading: string;
  /** CONTRACT.md §8's popup. */
  successMessage: string;
}

const sameOrder = (a: readonly PlacedArticle[], b: readonly PlacedArticle[]) =>
  a.length === b.length && a.every((article, i) => article._id === b[i]?._id);

/** Choose up to `max` articles for one slot and put them in order; the rest of the layout is sent as read. */
export function SlotEditor({ config, ...editor }: LayoutEditorProps & { config: SlotConfig }) {
  const { layout, readOnly } = editor;
  const saved = layout.body[config.slot];
  const [picked, setPicked] = useState<PlacedArticle[]>(saved);
  const { saving, failure, save } = useLayoutSave(layout, config.successMessage);
  const chosenIds = useMemo(() => new Set(picked.map((a) => a._id)), [picked]);
  const full = picked.length >= config.max;

  const add = (article: PlacedArticle) =>
    setPicked((current) =>
      current.length >= config.max || current.some((a) => a._id === article._id) ? current : [...current, article],
    );

  const onSave = () => void save({ ...bodyInput(layout.body), [config.slot]: picked.map((a) => a._id) });

  return (
    <PickerFrame
      editor={editor}
      failure={failure}
      picker={
        <ArticlePicker
          chosenIds={chosenIds}
          onPick={add}
          fullReason={
            full
              ? `${config.max} of ${config.max} ${config.many} chosen, the most the home page shows. Remove one to add another.`
              : null
          }
        />
      }
      saveBar={{ dirty: !sameOrder(picked, saved), saving, onSave, onDiscard: () => setPicked(saved) }}
    >
      <Group justify="space-between" align="baseline" mb={4} gap="xs">
        <Title order={2} fz="md">
          {config.heading}
        </Title>
        <Text size="sm" c={full ? 'yellow.8' : 'dimmed'} fw={full ? 600 : undefined} aria-live="polite">
          {picked.length} of {config.max}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {readOnly
          ? 'Readers see them in this order.'
          : 'Readers see them in this order. Drag a row by its handle or use the arrows to reorder.'}
      </Text>
      <PlacedArticleList
        label={config.heading}
        articles={picked}
        onChange={setPicked}
        readOnly={readOnly}
        emptyTitle={`No ${config.many} yet`}
        emptyHint={
          readOnly
            ? `The home page shows no ${config.many} at the moment.`
            : `Search for a published article and press Add. Up to ${config.max} ${config.many}.`
        }
      />
    </PickerFrame>
  );
}
