import { ActionIcon, Box, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconLayoutList, IconX } from '@tabler/icons-react';
import { ArticleSummary } from './ArticleSummary';
import type { PlacedArticle } from './api';
import { NothingChosen } from './NothingChosen';
import { SortableStack } from './SortableStack';
import classes from './SortableStack.module.css';

export interface PlacedArticleListProps {
  /** The list's accessible name ('Top headlines'). */
  label: string;
  articles: readonly PlacedArticle[];
  onChange: (articles: PlacedArticle[]) => void;
  /** What the empty list says. */
  emptyTitle: string;
  emptyHint: string;
  /** Shown in order, with nothing to drag, move or remove. */
  readOnly?: boolean;
}

/** The chosen articles in their home-page order, numbered: drag, move up or down, or remove each one. */
export function PlacedArticleList({
  label,
  articles,
  onChange,
  emptyTitle,
  emptyHint,
  readOnly,
}: PlacedArticleListProps) {
  if (articles.length === 0) {
    return <NothingChosen icon={<IconLayoutList size={20} />} title={emptyTitle} hint={emptyHint} />;
  }
  if (readOnly) {
    return (
      <Box component="ol" aria-label={label} className={classes.list} style={{ gap: 8 }}>
        {articles.map((article, index) => (
          <li key={article._id} className={classes.item} aria-label={article.title}>
            <Paper withBorder radius="md" p={6} pl="xs" shadow="none">
              <Group gap={8} wrap="nowrap">
                <Text size="sm" fw={700} c="dimmed" w={18} ta="center" style={{ flex: 'none' }} aria-hidden>
                  {index + 1}
                </Text>
                <ArticleSummary article={article} thumbSize={44} />
              </Group>
            </Paper>
          </li>
        ))}
      </Box>
    );
  }
  return (
    <SortableStack
      label={label}
      items={articles}
      idOf={(article) => article._id}
      nameOf={(article) => article.title}
      onReorder={onChange}
      renderItem={(article, index, { handle, moveButtons, dragging }) => (
        <Paper
          withBorder
          radius="md"
          p={6}
          shadow={dragging ? 'md' : 'none'}
          style={dragging ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
        >
          <Group gap={6} wrap="nowrap">
            {handle}
            <Text size="sm" fw={700} c="dimmed" w={18} ta="center" style={{ flex: 'none' }} aria-hidden>
              {index + 1}
            </Text>
            <ArticleSummary article={article} thumbSize={44} />
            <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
              {moveButtons}
              <Tooltip label="Remove" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  onClick={() => onChange(articles.filter((a) => a._id !== article._id))}
                  aria-label={`Remove ${article.title}`}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </Paper>
      )}
    />
  );
}
