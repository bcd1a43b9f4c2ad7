import { Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormError } from '../common/FormError';
import scroll from '../common/ScrollMargin.module.css';
import { ArticlePicker } from './ArticlePicker';
import { bodyInput, type PlacedArticle } from './api';
import { type LayoutEditorProps, SaveBar, useLayoutSave } from './LayoutScreen';
import { PlacedArticleList } from './PlacedArticleList';

/** One ordered list of the layout: the top headlines or the top stories. */
export interface SlotConfig {
  slot: 'headlines' | 'topStory';
  max: number;
  /** 'headlines' in the counts and hints. */
  many: string;
  /** The list's heading ('Top headlines'). */
  heading: string;
  /** SPEC §8's popup. */
  successMessage: string;
}

const sameOrder = (a: readonly PlacedArticle[], b: readonly PlacedArticle[]) =>
  a.length === b.length && a.every((article, i) => article._id === b[i]?._id);

/** Choose up to `max` articles for one slot and put them in order; the rest of the layout is sent as read. */
export function SlotEditor({ layout, reload, readOnly, config }: LayoutEditorProps & { config: SlotConfig }) {
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
    <Stack gap="lg" className={scroll.offsetAlerts}>
      <FormError error={failure} onReload={reload} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: readOnly ? 9 : 7, xl: readOnly ? 8 : 7 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Group justify="space-between" align="baseline" mb={4} gap="xs">
              <Title order={3} fz="md">
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
          </Paper>
        </Grid.Col>
        {!readOnly && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ArticlePicker
              chosenIds={chosenIds}
              onPick={add}
              fullReason={
                full
                  ? `${config.max} of ${config.max} ${config.many} chosen, the most the home page shows. Remove one to add another.`
                  : null
              }
            />
          </Grid.Col>
        )}
      </Grid>
      {!readOnly && (
        <SaveBar
          dirty={!sameOrder(picked, saved)}
          saving={saving}
          onSave={onSave}
          onDiscard={() => setPicked(saved)}
          layout={layout}
        />
      )}
    </Stack>
  );
}
