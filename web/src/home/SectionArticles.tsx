import { Grid, Group, Paper, Text } from '@mantine/core';
import { MAX_SECTION_ARTICLES } from '../../../shared/schemas/layout';
import { ArticlePicker } from './ArticlePicker';
import type { PlacedArticle } from './api';
import { PlacedArticleList } from './PlacedArticleList';
import { displayName, type SectionDraft, type SectionField } from './sections';

interface SectionArticlesProps {
  draft: SectionDraft;
  error: string | undefined;
  onChange: (change: Partial<SectionDraft>, fields: SectionField[]) => void;
  readOnly: boolean;
  /** The articles already in the section, which the search does not offer again. */
  chosenIds: ReadonlySet<string>;
  /** The section holds as many articles as it may. */
  full: boolean;
  onPick: (article: PlacedArticle) => void;
}

/** A section's chosen articles, in order, beside the search that adds more (the search only while editing). */
export function SectionArticles({ draft, error, onChange, readOnly, chosenIds, full, onPick }: SectionArticlesProps) {
  const name = displayName(draft);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: readOnly ? 12 : 7 }}>
        <Group justify="space-between" align="baseline" mb={6} gap="xs">
          <Text size="sm" fw={600}>
            Articles
          </Text>
          <Text size="xs" c="dimmed">
            {draft.articles.length} chosen
          </Text>
        </Group>
        <PlacedArticleList
          label={`Articles of ${name}`}
          articles={draft.articles}
          onChange={(articles) => onChange({ articles }, ['articles'])}
          readOnly={readOnly}
          emptyTitle="No articles yet"
          emptyHint={
            readOnly
              ? 'This section shows no chosen articles.'
              : draft.type === 'Category'
                ? 'Choose the category, then add its published stories from the search.'
                : `Add published ${draft.type === 'Video' ? 'videos' : 'galleries'} from the search.`
          }
        />
        {error && (
          <Text size="sm" c="var(--mantine-color-error)" mt={6} role="alert">
            {error}
          </Text>
        )}
      </Grid.Col>
      {!readOnly && (
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="sm" shadow="none" bg="var(--app-surface-subtle)">
            <ArticlePicker
              bare
              chosenIds={chosenIds}
              onPick={onPick}
              type={draft.type === 'Category' ? undefined : draft.type}
              category={draft.type === 'Category' ? draft.category?._id : undefined}
              blockedReason={
                draft.type === 'Category' && !draft.category
                  ? 'Choose the section’s category first; the search then shows its published stories.'
                  : null
              }
              fullReason={full ? `A section holds at most ${MAX_SECTION_ARTICLES} articles.` : null}
            />
          </Paper>
        </Grid.Col>
      )}
    </Grid>
  );
}
