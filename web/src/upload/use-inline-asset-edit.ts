import { useRef, useState } from 'react';
import { mutate } from 'swr';
import type { AssetDetailsInput, AssetView } from '../../../shared/schemas/asset';
import { useBusy } from '../common/use-busy';
import { assetKey, revalidateLibrary, saveAssetDetails } from '../media-library/api';

/**
 * One change to the field's file (its alt text, its focal point), saved at once with `PATCH /asset/{id}` at the
 * version read; the file as the API answers becomes the one shown. A stale version is an error with Reload.
 */
export function useInlineAssetEdit(asset: AssetView | undefined) {
  const [error, setError] = useState<unknown>(null);
  const [saving, whileSaving] = useBusy();
  const inFlight = useRef<Promise<void> | undefined>(undefined);
  const save = (change: Omit<AssetDetailsInput, 'version'>) => {
    const saved = whileSaving(async () => {
      if (!asset) return;
      setError(null);
      try {
        const answer: AssetView = await saveAssetDetails(asset._id, { ...change, version: asset.version });
        await revalidateLibrary(answer);
      } catch (failure) {
        setError(failure);
      }
    }).finally(() => {
      if (inFlight.current === saved) inFlight.current = undefined;
    });
    inFlight.current = saved;
    return saved;
  };
  const reload = () => (asset ? mutate(assetKey(asset._id)).then(() => setError(null)) : undefined);
  /** The save under way, if one is. */
  const pending = () => inFlight.current;
  return { save, saving, error, reload, pending };
}
