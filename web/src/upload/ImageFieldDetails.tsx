import { Alert, Button, Collapse, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconFocusCentered } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MEDIA_LIBRARY } from '../../../shared/constants';
import { CENTRE, type FocalPoint, srcSetOf } from '../../../shared/renditions';
import type { AssetView } from '../../../shared/schemas/asset';
import { FormError } from '../common/FormError';
import { useFlushRegistration } from '../common/form-flush';
import { panelPictureUrl } from '../media-library/AssetDetailsForm';
import { useAsset } from '../media-library/api';
import { useAssetAccess } from '../media-library/asset-access';
import { CropPreviews } from '../media-library/CropPreviews';
import { FocalPointPicker } from '../media-library/FocalPointPicker';
import { useInlineAssetEdit } from './use-inline-asset-edit';

export interface ImageFieldDetailsProps {
  assetId: string;
  /** A cover: the API refuses a new one without alt text (the picture's, or the article's own), so the field says so. */
  altRequired: boolean;
  disabled?: boolean;
}

/**
 * Under an image field: the picture's alt text, saved to the file itself (every record that uses it gets it), and
 * where its crops centre. Both are the library's own, so they follow the picture wherever it is used.
 */
export function ImageFieldDetails({ assetId, altRequired, disabled }: ImageFieldDetailsProps) {
  const { data: asset } = useAsset(assetId);
  // Kept here, so the picker stays open when a save gives the file a new version (and the details a new key).
  const [focusing, setFocusing] = useState(false);
  if (asset?.kind !== 'image') return null;
  return (
    <Details
      key={`${asset._id}:${asset.version}`}
      asset={asset}
      altRequired={altRequired}
      disabled={disabled}
      focusing={focusing}
      onFocusing={setFocusing}
    />
  );
}

interface DetailsProps {
  asset: AssetView;
  altRequired: boolean;
  disabled?: boolean;
  focusing: boolean;
  onFocusing: (open: boolean) => void;
}

function Details({ asset, altRequired, disabled, focusing, onFocusing }: DetailsProps) {
  const { canEdit } = useAssetAccess(asset);
  const [alt, setAlt] = useState(asset.alt ?? '');
  const [focal, setFocal] = useState<FocalPoint>(asset.focal ?? CENTRE);
  const edit = useInlineAssetEdit(asset);
  const off = disabled || !canEdit;
  const missing = altRequired && !(asset.alt ?? '').trim();
  const altChanged = alt.trim() !== (asset.alt ?? '').trim();
  const focalChanged =
    Math.round(focal.x * 100) !== Math.round((asset.focal ?? CENTRE).x * 100) ||
    Math.round(focal.y * 100) !== Math.round((asset.focal ?? CENTRE).y * 100);
  // The record's save waits for the alt text being saved (pressing Save leaves the field), or saves what was typed
  // and not yet saved (Ctrl+S from the field). Unsaved alt text is the file's, not the record's changes.
  const finish = useRef(async () => {});
  finish.current = async () => {
    const pending = edit.pending();
    if (pending) return pending;
    if (altChanged && !off) return edit.save({ alt });
  };
  const flushScope = useFlushRegistration();
  useEffect(() => flushScope?.register((all) => (all ? finish.current() : Promise.resolve())), [flushScope]);

  return (
    <Stack gap="xs" mt="sm">
      <FormError error={edit.error} onReload={edit.reload} />
      {missing && (
        <Alert color="orange" variant="light" p="xs" icon={<IconAlertTriangle size={16} />}>
          <Text size="sm">
            A cover needs alt text before it can be saved. Add it here: it is kept with the picture, wherever it is
            used.
          </Text>
        </Alert>
      )}
      <TextInput
        label="Alt text"
        description="What the picture shows, for readers who cannot see it. Saved with the picture."
        value={alt}
        maxLength={MEDIA_LIBRARY.maxAltLength}
        onChange={(event) => setAlt(event.currentTarget.value)}
        // Leaving the field saves it: the cover's alt text is never left typed but unsaved when the form is saved.
        onBlur={() => {
          if (altChanged && !off && !edit.saving) void edit.save({ alt });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && altChanged) {
            event.preventDefault();
            void edit.save({ alt });
          }
        }}
        disabled={off}
      />
      <Group gap="xs" justify="space-between" wrap="wrap">
        {asset.width && asset.height ? (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconFocusCentered size={14} />}
            onClick={() => onFocusing(!focusing)}
            aria-expanded={focusing}
          >
            {focusing ? 'Hide focal point' : 'Focal point and crops'}
          </Button>
        ) : (
          <span />
        )}
        {altChanged && (
          <Button
            size="xs"
            variant="light"
            onClick={() => void edit.save({ alt })}
            disabled={off}
            loading={edit.saving}
          >
            Save alt text
          </Button>
        )}
      </Group>
      {asset.width && asset.height && (
        <Collapse expanded={focusing}>
          <Stack gap="xs">
            <FocalPointPicker
              src={panelPictureUrl(asset)}
              srcSet={srcSetOf(asset.renditions)}
              width={asset.width}
              height={asset.height}
              value={focal}
              onChange={setFocal}
              disabled={off}
              maxHeight={240}
            />
            <CropPreviews src={panelPictureUrl(asset)} width={asset.width} height={asset.height} focal={focal} />
            <Group justify="flex-end">
              <Button
                size="xs"
                onClick={() => void edit.save({ focal })}
                disabled={off || !focalChanged}
                loading={edit.saving}
              >
                Save focal point
              </Button>
            </Group>
          </Stack>
        </Collapse>
      )}
    </Stack>
  );
}
