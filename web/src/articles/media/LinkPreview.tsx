import { Anchor, Box, Image, Stack, Text } from '@mantine/core';
import { IconBrandVimeo, IconBrandYoutube, IconExternalLink, IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { MediaItemsKind } from './media-item-words';
import { parseVideoLink } from './video-links';

const PREVIEW_W = 120;
const PREVIEW_H = 68;

/** A small look at what a link points to: a YouTube thumbnail, a Vimeo or plain link, or the linked image. */
export function LinkPreview({ kind, url }: { kind: MediaItemsKind; url: string }) {
  const link = parseVideoLink(url);
  const [broken, setBroken] = useState<string | null>(null);
  if (!link)
    return <PreviewBox>{kind === 'video' ? <IconBrandYoutube size={22} /> : <IconPhoto size={22} />}</PreviewBox>;

  if (kind === 'gallery') {
    return (
      <PreviewBox>
        {broken === link.href ? (
          <Text size="xs" c="dimmed" ta="center" px={4}>
            No preview
          </Text>
        ) : (
          <PreviewImage src={link.href} alt="Preview of the linked image" onBroken={setBroken} />
        )}
      </PreviewBox>
    );
  }

  if (link.provider === 'youtube' && broken !== link.thumbnail) {
    return (
      <Anchor href={link.href} target="_blank" rel="noreferrer noopener" aria-label="Open the YouTube video">
        <PreviewBox>
          <PreviewImage src={link.thumbnail} alt="YouTube thumbnail" onBroken={setBroken} />
        </PreviewBox>
      </Anchor>
    );
  }
  const providerName = link.provider === 'youtube' ? 'YouTube' : link.provider === 'vimeo' ? 'Vimeo' : undefined;
  return (
    <PreviewBox>
      <Anchor href={link.href} target="_blank" rel="noreferrer noopener" size="xs" ta="center">
        <Stack gap={2} align="center">
          {link.provider === 'vimeo' ? (
            <IconBrandVimeo size={22} />
          ) : link.provider === 'youtube' ? (
            <IconBrandYoutube size={22} />
          ) : (
            <IconExternalLink size={20} />
          )}
          {providerName ? `Open on ${providerName}` : 'Open link'}
        </Stack>
      </Anchor>
    </PreviewBox>
  );
}

/** An image from another site, sent no referrer; `onBroken` is told its address when it fails to load. */
function PreviewImage({ onBroken, ...image }: { src: string; alt: string; onBroken: (src: string) => void }) {
  return (
    <Image
      {...image}
      w={PREVIEW_W}
      h={PREVIEW_H}
      fit="cover"
      referrerPolicy="no-referrer"
      onError={() => onBroken(image.src)}
    />
  );
}

function PreviewBox({ children }: { children: ReactNode }) {
  return (
    <Box
      mt={44}
      w={PREVIEW_W}
      h={PREVIEW_H}
      visibleFrom="xs"
      style={{
        flex: 'none',
        borderRadius: 'var(--mantine-radius-sm)',
        border: '1px solid var(--mantine-color-default-border)',
        background: 'var(--app-surface-subtle)',
        color: 'var(--mantine-color-placeholder)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {children}
    </Box>
  );
}
