import { Box, Image } from '@mantine/core';
import { useState } from 'react';
import type { MediaRef } from '../../../../shared/schemas/common';
import { useResponsiveImage } from '../../media-library/responsive';
import { contentTypeOf } from '../../upload/rules';
import { Uploader } from '../../upload/Uploader';
import type { UploadedAsset } from '../../upload/upload-api';

export interface CoverImageFieldProps {
  /** The cover's asset id. */
  value: string | null;
  /** The stored files by asset id (ArticleDetail.media), for the url and name of the one behind `value`. */
  files?: Readonly<Record<string, MediaRef | null | undefined>>;
  /** Article covers take png, jpeg, webp or svg; video and gallery covers png or jpeg (CONTRACT.md §5). */
  purpose: 'cover-image' | 'media-cover';
  onChange: (id: string | null, media?: MediaRef) => void;
  error?: string;
  required?: boolean;
  label?: string;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
}

const toMediaRef = (asset: UploadedAsset): MediaRef => ({
  _id: asset._id,
  url: asset.url,
  name: asset.name ?? '',
  contentType: contentTypeOf({ name: asset.name ?? asset.url, type: '' }) ?? '',
});

/** The cover image: upload (with the Uploader's progress and checks), a large preview, replace or remove. */
export function CoverImageField(props: CoverImageFieldProps) {
  const { value, files, onChange, required, label = 'Cover image', ...uploader } = props;
  // A file uploaded here is not in the article's `media` until the next load: remember it.
  const [uploaded, setUploaded] = useState<MediaRef | undefined>();
  const media = value ? files?.[value] : undefined;
  const file = value ? (media?._id === value ? media : uploaded?._id === value ? uploaded : undefined) : undefined;
  const asset: UploadedAsset | null = value
    ? { _id: value, url: file?.url ?? '', name: file?.name || undefined }
    : null;
  const picture = useResponsiveImage(file?.url ? { ...file, _id: file._id } : null);

  return (
    <Box>
      <Uploader
        {...uploader}
        label={label}
        value={asset}
        withAsterisk={required}
        onChange={(next) => {
          if (!next) {
            onChange(null);
            return;
          }
          const ref = toMediaRef(next);
          setUploaded(ref);
          onChange(ref._id, ref);
        }}
      />
      {file?.url && (
        <Image
          src={picture.src}
          srcSet={picture.srcSet}
          sizes="440px"
          alt="Cover image preview"
          mt="sm"
          radius="md"
          h={220}
          w="100%"
          maw={440}
          fit="cover"
          bg="var(--app-surface-muted)"
        />
      )}
    </Box>
  );
}
