import { Badge, Box, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconStar, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useArticle } from '../articles/api';
import { SmallButton } from '../common/SmallButton';
import { ArticlePicker } from './ArticlePicker';
import { PlacementNote } from './ArticleSummary';
import { bodyInput, type PlacedArticle } from './api';
import { type LayoutEditorProps, useLayoutSave } from './LayoutScreen';
import { NothingChosen } from './NothingChosen';
import { PickerFrame } from './PickerFrame';

/** The one cover story: pick it, replace it with another, or clear it; the rest of the layout is sent as read. */
export function CoverStoryEditor(editor: LayoutEditorProps) {
  const { layout, readOnly } = editor;
  const saved = layout.body.coverStory;
  const [cover, setCover] = useState<PlacedArticle | null>(saved);
  const { saving, failure, save } = useLayoutSave(layout, 'Cover Story Successfully Updated');
  const chosenIds = useMemo(() => new Set(cover ? [cover._id] : []), [cover]);

  return (
    <PickerFrame
      editor={editor}
      failure={failure}
      picker={
        <ArticlePicker chosenIds={chosenIds} onPick={setCover} pickLabel="Use as cover" chosenLabel="Cover story" />
      }
      saveBar={{
        dirty: (cover?._id ?? null) !== (saved?._id ?? null),
        saving,
        onSave: () => void save({ ...bodyInput(layout.body), coverStory: cover?._id ?? null }),
        onDiscard: () => setCover(saved),
      }}
    >
      <Title order={2} fz="md" mb={4}>
        Cover story
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {readOnly
          ? 'The one story the home page leads with.'
          : 'The one story the home page leads with. Choosing another replaces it.'}
      </Text>
      {cover ? (
        <CoverCard article={cover} onClear={readOnly ? undefined : () => setCover(null)} />
      ) : (
        <NothingChosen
          icon={<IconStar size={20} />}
          title="No cover story"
          hint={
            readOnly
              ? 'The home page leads with no cover story at the moment.'
              : 'Search for a published article and press Use as cover.'
          }
        />
      )}
    </PickerFrame>
  );
}

/** A story just picked from the search has no image url yet: its detail has it (the picker needs Cms Read too). */
function useCoverImage(article: PlacedArticle): { url: string | null; loading: boolean } {
  const detail = useArticle(article.imageUrl === undefined ? article._id : undefined);
  if (article.imageUrl !== undefined) return { url: article.imageUrl, loading: false };
  if (!detail.data) return { url: null, loading: !detail.error };
  const image = detail.data.image ? detail.data.media[detail.data.image] : undefined;
  return { url: image?.url ?? null, loading: false };
}

function CoverCard({ article, onClear }: { article: PlacedArticle; onClear?: () => void }) {
  const image = useCoverImage(article);
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={0}
      shadow="none"
      style={{ overflow: 'hidden' }}
      aria-label="Chosen cover story"
    >
      {image.url ? (
        <Image src={image.url} alt={`Cover image of “${article.title}”`} h={220} fit="cover" />
      ) : image.loading ? (
        <Skeleton h={140} radius={0} />
      ) : (
        <Box bg="var(--app-surface-subtle)" h={140} style={{ display: 'grid', placeItems: 'center' }}>
          <Stack align="center" gap={4}>
            <IconPhoto size={32} stroke={1.4} color="var(--mantine-color-placeholder)" />
            <Text size="xs" c="dimmed">
              No cover image
            </Text>
          </Stack>
        </Box>
      )}
      <Stack gap={6} p="md">
        <Group gap={6}>
          <Badge size="sm" variant="light">
            {article.type}
          </Badge>
          <PlacementNote article={article} advice="choose another story" size="sm" datePrefix="Published " />
        </Group>
        <Text fw={700} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
          {article.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {article.url}
        </Text>
        {onClear && (
          <Group justify="flex-end" mt={4}>
            <SmallButton
              color="red"
              icon={IconX}
              onClick={onClear}
              aria-label={`Clear the cover story ${article.title}`}
            >
              Clear
            </SmallButton>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
