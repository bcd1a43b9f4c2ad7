import { useState } from 'react';
import { mutate } from 'swr';
import { CENTRE, type FocalPoint } from '../../../shared/renditions';
import { notifySuccess } from '../common/notify';
import { useBusy } from '../common/use-busy';
import { type AssetView, assetKey, revalidateLibrary, saveAssetDetails } from './api';

export interface AssetDetailsDraft {
  alt: string;
  caption: string;
  credit: string;
  focal: FocalPoint;
}

const draftOf = (asset: AssetView): AssetDetailsDraft => ({
  alt: asset.alt ?? '',
  caption: asset.caption ?? '',
  credit: asset.credit ?? '',
  focal: asset.focal ?? CENTRE,
});

const sameFocal = (a: FocalPoint, b: FocalPoint) =>
  Math.round(a.x * 100) === Math.round(b.x * 100) && Math.round(a.y * 100) === Math.round(b.y * 100);

/**
 * A file's editable details (alt text, caption, credit, focal point) as typed, and Save: `PATCH /asset/{id}` at the
 * version read. A stale version is the form's error, with Reload; what was typed stays until then.
 */
export function useAssetDetails(asset: AssetView, onSaved?: (asset: AssetView) => void) {
  const [draft, setDraft] = useState<AssetDetailsDraft>(() => draftOf(asset));
  const [error, setError] = useState<unknown>(null);
  const [saving, whileSaving] = useBusy();
  const initial = draftOf(asset);
  const dirty =
    draft.alt !== initial.alt ||
    draft.caption !== initial.caption ||
    draft.credit !== initial.credit ||
    !sameFocal(draft.focal, initial.focal);

  const set = <K extends keyof AssetDetailsDraft>(field: K, value: AssetDetailsDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const save = () =>
    whileSaving(async () => {
      setError(null);
      try {
        const saved = await saveAssetDetails(asset._id, {
          alt: draft.alt,
          caption: draft.caption,
          credit: draft.credit,
          ...(asset.kind === 'image' && asset.width ? { focal: draft.focal } : {}),
          version: asset.version,
        });
        await revalidateLibrary(saved);
        notifySuccess('The file’s details are saved');
        onSaved?.(saved);
      } catch (failure) {
        setError(failure);
      }
    });

  /** Re-reads the file; the form starts again from it (its key is the version). */
  const reload = () => mutate(assetKey(asset._id));

  return { draft, set, dirty, error, saving, save, reload };
}
