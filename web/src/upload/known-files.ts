import { useCallback, useState } from 'react';
import type { UploadedAsset } from './upload-api';

/** A file a form refers to: enough to preview it and name it. */
export interface KnownFile {
  url: string;
  name?: string;
}

/**
 * The files a form refers to, by asset id, for previews: the stored ones (the record's `media`), then each one
 * uploaded here, and those of a record read again.
 */
export function useKnownFiles(stored: Record<string, KnownFile> | undefined) {
  const [files, setFiles] = useState<Record<string, KnownFile>>(() => ({ ...(stored ?? {}) }));
  const addUploaded = useCallback(
    (asset: UploadedAsset) => setFiles((known) => ({ ...known, [asset._id]: { url: asset.url, name: asset.name } })),
    [],
  );
  const addStored = useCallback((more: Record<string, KnownFile>) => setFiles((known) => ({ ...known, ...more })), []);
  return { files, addUploaded, addStored };
}
