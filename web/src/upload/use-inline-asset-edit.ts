import { useEffect, useRef, useState } from 'react';
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

/**
 * Inline file edits a record's save must wait for: a cover's alt text typed under the field is saved as the field
 * is left, which is also the moment its Save button is pressed, and the record's save would otherwise reach the
 * API first and be refused for a cover without alt text. Each mounted field registers how to finish its edit.
 */
const finishers = new Set<() => Promise<void>>();

/** Finishes every inline file edit under way or typed and not yet saved (a record's save calls it first). */
export async function finishInlineAssetEdits(): Promise<void> {
  await Promise.all([...finishers].map((finish) => finish().catch(() => undefined)));
}

/** Registers, while the field is shown, how to finish its edit (always the latest render's). */
export function useFinishInlineAssetEdit(finish: () => Promise<void>) {
  const latest = useRef(finish);
  latest.current = finish;
  useEffect(() => {
    const registered = () => latest.current();
    finishers.add(registered);
    return () => {
      finishers.delete(registered);
    };
  }, []);
}
