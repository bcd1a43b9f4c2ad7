import { Group, SegmentedControl, Textarea, TextInput } from '@mantine/core';
import { IconLink, IconUpload } from '@tabler/icons-react';
import { ARTICLE_TEXT_LIMITS } from '../../../../shared/constants';
import { CharCount, counted } from '../../common/form/CharCount';
import { MEDIA_ITEM_WORDS, type MediaItemsKind } from './media-item-words';
import type { ItemSource } from './media-items';

interface MediaSourceControlProps {
  /** The item's name ('Video 2'). */
  name: string;
  /** 'Upload video', 'Upload image'. */
  uploadLabel: string;
  value: ItemSource;
  onChange: (source: ItemSource) => void;
  disabled?: boolean;
}

/** Where an item comes from: a link, or an uploaded file. */
export function MediaSourceControl({ name, uploadLabel, value, onChange, disabled }: MediaSourceControlProps) {
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(next) => onChange(next as ItemSource)}
      disabled={disabled}
      aria-label={`${name} source`}
      data={[
        {
          value: 'link',
          label: (
            <Group gap={4} wrap="nowrap">
              <IconLink size={14} aria-hidden />
              <span>Link</span>
            </Group>
          ),
        },
        {
          value: 'upload',
          label: (
            <Group gap={4} wrap="nowrap">
              <IconUpload size={14} aria-hidden />
              <span>{uploadLabel}</span>
            </Group>
          ),
        },
      ]}
    />
  );
}

interface MediaItemTextProps {
  kind: MediaItemsKind;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (text: string) => void;
}

/** A video's description (a few lines) or an image's caption (one line), counted against the caption's limit. */
export function MediaItemText({ kind, value, error, disabled, onChange }: MediaItemTextProps) {
  const words = MEDIA_ITEM_WORDS[kind];
  return kind === 'video' ? (
    <Textarea
      label={words.text}
      placeholder={words.textPlaceholder}
      autosize
      minRows={2}
      maxRows={5}
      value={value}
      error={error}
      {...counted(<CharCount value={value} max={ARTICLE_TEXT_LIMITS.caption} />)}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  ) : (
    <TextInput
      label={words.text}
      placeholder={words.textPlaceholder}
      autoComplete="off"
      value={value}
      error={error}
      {...counted(<CharCount value={value} max={ARTICLE_TEXT_LIMITS.caption} />)}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
