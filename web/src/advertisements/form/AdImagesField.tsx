import { Image, Stack, Text } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import {
  AD_MESSAGES,
  type AdImage,
  type AdPosition,
  type ScreenType,
  screenTypesFor,
} from '../../../../shared/schemas/advertisement';
import { useResponsiveImage } from '../../media-library/responsive';
import type { KnownFile } from '../../upload/known-files';
import { Uploader } from '../../upload/Uploader';
import type { UploadedAsset } from '../../upload/upload-api';
import { isAdPosition } from '../positions';

export interface AdImagesFieldProps {
  position: AdPosition | '';
  value: AdImage[];
  onChange: (images: AdImage[]) => void;
  /** Stored and freshly uploaded files by asset id. */
  files: Record<string, KnownFile>;
  onFileUploaded: (asset: UploadedAsset) => void;
  /** The form's images error: which slot it belongs to is read from the message. */
  error?: string;
  /** Told whether a slot has a file on its way (a slot that goes away mid-upload reports false). */
  onBusyChange: (screenType: ScreenType, busy: boolean) => void;
}

const SLOT_TEXT: Record<ScreenType, { label: string; description: string }> = {
  Mobile: { label: 'Mobile image', description: 'Shown on phones; every position needs it' },
  Desktop: { label: 'Desktop image', description: 'Shown on wider screens; the Top position needs it too' },
};

const SLOT_ERRORS: Record<ScreenType, string> = {
  Mobile: AD_MESSAGES.mobileImage,
  Desktop: AD_MESSAGES.desktopImage,
};

/**
 * One upload slot per screen type the position shows (CONTRACT.md §4): Top a Mobile and a Desktop image, every other
 * position only the Mobile one. png or jpeg, one file each, at most 3 MB (the `ad-image` purpose).
 */
export function AdImagesField(props: AdImagesFieldProps) {
  const { position, value, onChange, files, onFileUploaded, error, onBusyChange } = props;
  const slots = screenTypesFor(isAdPosition(position) ? position : 'Bottom');

  const setImage = (screenType: ScreenType, asset: UploadedAsset | null) => {
    const others = value.filter((image) => image.screenType !== screenType);
    if (asset) onFileUploaded(asset);
    onChange(asset ? [...others, { screenType, file: asset._id }] : others);
  };

  // A message that belongs to no slot (e.g. from the API's own checks) shows under the first one.
  const slotOf = (message: string | undefined): ScreenType | undefined =>
    message ? (slots.find((slot) => SLOT_ERRORS[slot] === message) ?? slots[0]) : undefined;
  const errorSlot = slotOf(error);

  return (
    <Stack gap="md">
      {!isAdPosition(position) && (
        <Text size="sm" c="dimmed">
          The Top position takes a Desktop image as well.
        </Text>
      )}
      {slots.map((screenType) => {
        const file = value.find((image) => image.screenType === screenType)?.file;
        const known = file ? files[file] : undefined;
        return (
          <ImageSlot
            key={screenType}
            screenType={screenType}
            value={file ? { _id: file, url: known?.url ?? '', name: known?.name } : null}
            onChange={(asset) => setImage(screenType, asset)}
            onBusyChange={onBusyChange}
            error={errorSlot === screenType ? error : undefined}
          />
        );
      })}
    </Stack>
  );
}

interface ImageSlotProps {
  screenType: ScreenType;
  value: UploadedAsset | null;
  onChange: (asset: UploadedAsset | null) => void;
  onBusyChange: (screenType: ScreenType, busy: boolean) => void;
  error?: string;
}

function ImageSlot({ screenType, value, onChange, onBusyChange, error }: ImageSlotProps) {
  const { label, description } = SLOT_TEXT[screenType];
  const picture = useResponsiveImage(value?.url ? value : null);
  const onSlotBusy = useCallback((busy: boolean) => onBusyChange(screenType, busy), [onBusyChange, screenType]);
  // Switching away from Top removes the Desktop slot, perhaps while its file is still on its way.
  useEffect(() => () => onBusyChange(screenType, false), [onBusyChange, screenType]);
  return (
    <div>
      <Uploader
        purpose="ad-image"
        label={label}
        description={description}
        withAsterisk
        value={value}
        onChange={onChange}
        onBusyChange={onSlotBusy}
        error={error}
      />
      {value?.url && (
        <Image
          src={picture.src}
          srcSet={picture.srcSet}
          sizes="(max-width: 600px) 100vw, 560px"
          alt={`${label} preview`}
          mt="xs"
          radius="md"
          h={120}
          w="100%"
          fit="contain"
          bg="var(--app-surface-muted)"
        />
      )}
    </div>
  );
}
