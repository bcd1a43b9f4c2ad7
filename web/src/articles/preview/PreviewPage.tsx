import { Anchor, Badge, Box, Group, Image, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { formatDateTime } from '../../../../shared/format';
import { renderBlocks, safeImageUrl } from '../../../../shared/render-blocks';
import type { MediaRef } from '../../../../shared/schemas/common';
import type { ScreenProps } from '../../app/screen';
import { useCategoryList } from '../../categories/api';
import { LoadFailed } from '../../common/LoadFailed';
import { ContentLoader } from '../../common/LoadingScreen';
import { type ShownFile, useResponsiveImage, withBodySrcsets } from '../../media-library/responsive';
import type { ArticleDetail, MediaItemValue } from '../api';
import { useArticle } from '../api';
import { editedArticle } from '../safety-net/edited-article';
import { PreviewBar } from './PreviewBar';
import classes from './PreviewPage.module.css';

/**
 * The admin's read-only preview of an article as a reader would see it (there is no separate blog site here):
 * metadata, cover, description, sections rendered from their blocks (sanitized), videos, gallery and tags.
 */
export function PreviewPage({ backTo }: ScreenProps) {
  const { id } = useParams();
  const { data, error, mutate } = useArticle(id);

  if (error)
    return <LoadFailed error={error} noun="article" backTo={backTo ?? '/article'} onRetry={() => void mutate()} />;
  if (!data) return <ContentLoader />;
  // A live article with unpublished changes previews them (readers still see the published version).
  return <ArticlePreview article={editedArticle(data)} onRefresh={() => void mutate()} />;
}

/** YouTube and Vimeo links as their embed players; anything else stays a link. */
export function embedUrl(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const id = (value: string | null | undefined) => (value && /^[\w-]{6,20}$/.test(value) ? value : undefined);
  let youtube: string | undefined;
  if (host === 'youtu.be') youtube = id(url.pathname.slice(1));
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtube =
      url.pathname === '/watch'
        ? id(url.searchParams.get('v'))
        : id(url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1]);
  }
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube}`;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vimeo = url.pathname.match(/(?:^|\/)(\d{5,12})(?:$|\/)/)?.[1];
    if (vimeo) return `https://player.vimeo.com/video/${vimeo}`;
  }
  return undefined;
}

function Video({ item, media }: { item: MediaItemValue; media: Record<string, MediaRef> }) {
  const file = item.file ? media[item.file] : undefined;
  const embed = !file && item.url ? embedUrl(item.url) : undefined;
  let player: React.ReactNode = null;
  if (file) {
    player = (
      // biome-ignore lint/a11y/useMediaCaption: uploaded clips carry no caption track; the description follows
      <video className={classes.video} src={file.url} controls preload="metadata" />
    );
  } else if (embed) {
    player = (
      <iframe
        className={classes.video}
        src={embed}
        title={item.description || 'Video'}
        allow="encrypted-media; picture-in-picture; fullscreen"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
      />
    );
  } else if (item.url && safeImageUrl(item.url)) {
    player = (
      <Anchor href={item.url} target="_blank" rel="noopener noreferrer">
        <Group gap={6} component="span">
          {item.url} <IconExternalLink size={14} />
        </Group>
      </Anchor>
    );
  }
  return (
    <figure className={classes.figure}>
      {player}
      {item.description && <figcaption>{item.description}</figcaption>}
    </figure>
  );
}

function ArticlePreview({ article, onRefresh }: { article: ArticleDetail; onRefresh: () => void }) {
  const { data: categories } = useCategoryList();
  const media = article.media ?? {};
  const cover = article.image ? media[article.image] : undefined;
  const categoryNames = useMemo(() => {
    const byId = new Map((categories ?? []).map((c) => [c._id, c.name]));
    return article.categories.map((cid) => byId.get(cid)).filter((name): name is string => Boolean(name));
  }, [categories, article.categories]);
  const sections = useMemo(
    () =>
      (article.body ?? []).map((section) => ({
        title: section.title ?? '',
        html: withBodySrcsets(renderBlocks(section.body), '(max-width: 760px) 100vw, 720px'),
      })),
    [article.body],
  );
  const gallery = (article.gallery ?? [])
    .map((item) => ({
      file: item.file ? media[item.file] : undefined,
      src: item.file ? media[item.file]?.url : safeImageUrl(item.url),
      caption: item.description,
    }))
    .filter((item): item is { file: MediaRef | undefined; src: string; caption: string } => Boolean(item.src));

  return (
    <Stack gap="md">
      <PreviewBar article={article} onRefresh={onRefresh} />

      <Paper withBorder radius="md" className={classes.sheet}>
        <article className={classes.article}>
          <header>
            {categoryNames.length > 0 && <div className={classes.kicker}>{categoryNames.join(' · ')}</div>}
            <Title order={1} className={classes.title}>
              {article.title}
            </Title>
            <div className={classes.byline}>
              {article.authorName && <span>By {article.authorName}</span>}
              {article.publishDate && <time dateTime={article.publishDate}>{formatDateTime(article.publishDate)}</time>}
              {article.isSponsored && <span className={classes.sponsored}>Sponsored</span>}
            </div>
          </header>

          {cover && safeImageUrl(cover.url) && (
            <figure className={classes.cover}>
              <PreviewPicture
                file={cover}
                alt={article.imageAlt || cover.alt || article.imageTitle || ''}
                title={article.imageTitle || undefined}
                sizes="(max-width: 760px) 100vw, 720px"
              />
              {article.imageTitle && <figcaption>{article.imageTitle}</figcaption>}
            </figure>
          )}

          {article.description && <p className={classes.lead}>{article.description}</p>}

          {sections.map((section, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is their identity here
            <section key={index} className={classes.section}>
              {section.title && <h2>{section.title}</h2>}
              {/* Built by shared/render-blocks.ts: plain values escaped, inline HTML through shared/rich-text.ts's allow-list. */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized above */}
              <Box className={classes.body} dangerouslySetInnerHTML={{ __html: section.html }} />
            </section>
          ))}

          {(article.videos ?? []).length > 0 && (
            <section className={classes.section} aria-label="Videos">
              {(article.videos ?? []).map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: list order is the identity of an item
                <Video key={index} item={item} media={media} />
              ))}
            </section>
          )}

          {gallery.length > 0 && (
            <section className={classes.section} aria-label="Gallery">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                {gallery.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list order is the identity of an item
                  <figure key={index} className={classes.figure}>
                    <PreviewPicture
                      file={item.file ?? { url: item.src }}
                      alt={item.caption || item.file?.alt || ''}
                      sizes="(max-width: 600px) 100vw, 360px"
                    />
                    {item.caption && <figcaption>{item.caption}</figcaption>}
                  </figure>
                ))}
              </SimpleGrid>
            </section>
          )}

          {(article.tags ?? []).length > 0 && (
            <Group gap={6} mt="xl" aria-label="Tags">
              {article.tags.map((tag) => (
                <Badge key={tag} variant="outline" color="gray" radius="sm" tt="none">
                  #{tag}
                </Badge>
              ))}
            </Group>
          )}
        </article>
      </Paper>
    </Stack>
  );
}

/** A stored picture at the width the reader's screen needs: its renditions as a srcset, the file itself as a fallback. */
function PreviewPicture(props: { file: ShownFile; alt: string; title?: string; sizes: string }) {
  const picture = useResponsiveImage(props.file);
  return (
    <Image
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={picture.srcSet ? props.sizes : undefined}
      alt={props.alt}
      title={props.title}
      radius="sm"
    />
  );
}
