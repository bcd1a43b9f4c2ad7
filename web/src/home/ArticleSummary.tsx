import { Badge, Box, Group, Image, Text, ThemeIcon } from '@mantine/core';
import { IconArticle, IconFileText, IconNotebook, IconPhoto, IconVideo } from '@tabler/icons-react';
import type { ArticleType } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';
import { useIsNarrow } from '../common/use-narrow';
import { type PlacedArticle, placementProblem } from './api';

const TYPE_ICONS: Record<ArticleType, typeof IconArticle> = {
  Article: IconArticle,
  Blog: IconNotebook,
  Video: IconVideo,
  Gallery: IconPhoto,
  Page: IconFileText,
};

const TYPE_COLORS: Record<ArticleType, string> = {
  Article: 'brand',
  Blog: 'teal',
  Video: 'red',
  Gallery: 'grape',
  Page: 'gray',
};

/** The cover image when the article has one, else its type's icon in the same box. */
export function ArticleThumb({ article, size = 48 }: { article: PlacedArticle; size?: number }) {
  const height = Math.round(size * 0.75);
  if (article.imageUrl) {
    return (
      <Image
        src={article.imageUrl}
        alt={`Cover image of “${article.title}”`}
        w={size}
        h={height}
        radius="sm"
        fit="cover"
        loading="lazy"
        style={{ flex: 'none' }}
      />
    );
  }
  const Icon = TYPE_ICONS[article.type] ?? IconArticle;
  return (
    <ThemeIcon
      variant="light"
      color={TYPE_COLORS[article.type] ?? 'gray'}
      w={size}
      h={height}
      radius="sm"
      style={{ flex: 'none' }}
      aria-hidden
    >
      <Icon size={Math.round(height * 0.55)} stroke={1.6} />
    </ThemeIcon>
  );
}

/** On a phone the row's buttons leave little room: the picture shrinks, the title keeps the width. */
const NARROW_THUMB = 32;

/** Title, then type and publish date: how a picker or a slot shows an article. */
export function ArticleSummary({ article, thumbSize = 48 }: { article: PlacedArticle; thumbSize?: number }) {
  const narrow = useIsNarrow();
  return (
    <Group gap={narrow ? 'xs' : 'sm'} wrap="nowrap" miw={0} style={{ flex: 1 }}>
      <ArticleThumb article={article} size={narrow ? Math.min(thumbSize, NARROW_THUMB) : thumbSize} />
      <Box miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={600} lineClamp={2} title={article.title} style={{ overflowWrap: 'anywhere' }}>
          {article.title}
        </Text>
        <Group gap={6} mt={2} wrap="wrap">
          <Badge size="xs" variant="light" color={TYPE_COLORS[article.type] ?? 'gray'}>
            {article.type}
          </Badge>
          <PlacementNote article={article} advice="remove before saving" size="xs" />
        </Group>
      </Box>
    </Group>
  );
}

interface PlacementNoteProps {
  article: PlacedArticle;
  /** What to do about an article that may not be placed ('remove before saving'). */
  advice: string;
  size: 'xs' | 'sm';
  /** Before the publish date ('Published '). */
  datePrefix?: string;
}

/** Why a placed article may not stay on the home page, and what to do about it; else when it was published. */
export function PlacementNote({ article, advice, size, datePrefix = '' }: PlacementNoteProps) {
  const problem = placementProblem(article);
  if (problem) {
    return (
      <Badge size={size} variant="light" color="red">
        {`${problem}: ${advice}`}
      </Badge>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {article.publishDate ? `${datePrefix}${formatDateTime(article.publishDate)}` : 'No publish date'}
    </Text>
  );
}
