import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { MEDIA_LIBRARY } from '../../../shared/constants';
import { srcSetOf } from '../../../shared/renditions';
import { FormError } from '../common/FormError';
import { CharCount, counted } from '../common/form/CharCount';
import type { AssetView } from './api';
import { CropPreviews } from './CropPreviews';
import { FocalPointPicker } from './FocalPointPicker';
import { useAssetDetails } from './use-asset-details';

export interface AssetDetailsFormProps {
  asset: AssetView;
  /** Whether this user may change the file's details (its uploader, or Edit on Media). */
  canEdit: boolean;
}

/** The rendition the panel draws the picture from: about the panel's width, already cached by the grid if it can be. */
export const panelPictureUrl = (asset: AssetView) =>
  asset.renditions.find((r) => r.preset === 'w800')?.url ??
  asset.renditions.find((r) => r.preset === 'w640')?.url ??
  asset.url;

/** Alt text, caption and credit, and for a picture its focal point with the crops it gives; Save. */
export function AssetDetailsForm({ asset, canEdit }: AssetDetailsFormProps) {
  const { draft, set, dirty, error, saving, save, reload } = useAssetDetails(asset);
  const picture = asset.kind === 'image' && asset.width && asset.height ? asset : null;
  const src = panelPictureUrl(asset);
  return (
    <Stack
      gap="md"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormError error={error} onReload={reload} />
      {asset.kind === 'image' && (
        <TextInput
          label="Alt text"
          placeholder="What the picture shows, for readers who cannot see it"
          value={draft.alt}
          onChange={(event) => set('alt', event.currentTarget.value)}
          disabled={!canEdit}
          {...counted(
            <CharCount value={draft.alt} max={MEDIA_LIBRARY.maxAltLength} hint="Needed before it can be a cover" />,
          )}
        />
      )}
      <Textarea
        label="Caption"
        autosize
        minRows={2}
        maxRows={6}
        value={draft.caption}
        onChange={(event) => set('caption', event.currentTarget.value)}
        disabled={!canEdit}
        {...counted(<CharCount value={draft.caption} max={MEDIA_LIBRARY.maxCaptionLength} />)}
      />
      <TextInput
        label="Credit"
        placeholder="Photographer / agency"
        value={draft.credit}
        onChange={(event) => set('credit', event.currentTarget.value)}
        disabled={!canEdit}
        {...counted(<CharCount value={draft.credit} max={MEDIA_LIBRARY.maxCreditLength} />)}
      />
      {picture?.width && picture.height && (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Focal point
          </Text>
          <FocalPointPicker
            src={src}
            srcSet={srcSetOf(asset.renditions)}
            width={picture.width}
            height={picture.height}
            value={draft.focal}
            onChange={(focal) => set('focal', focal)}
            disabled={!canEdit}
          />
          <CropPreviews src={src} width={picture.width} height={picture.height} focal={draft.focal} />
        </Stack>
      )}
      {canEdit && (
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={!dirty} leftSection={<IconDeviceFloppy size={16} />}>
            Save details
          </Button>
        </Group>
      )}
    </Stack>
  );
}
