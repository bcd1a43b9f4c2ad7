import { useUppyEvent, useUppyState } from '@uppy/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../api/use-api';
import type { UploaderUppy } from './create-uppy';
import { contentTypeOf, isPreviewable, rejectionFor } from './rules';
import { assetKey, type UploadedAsset } from './upload-api';
import type { UploaderProps } from './uploader-props';

export interface Rejection {
  name: string;
  reason: string;
}

/**
 * The API's reasons ('Too large: …', 'Failed verification: …') are shown as they are; Uppy's own words for a
 * transfer that failed on its way to storage ('Non 2xx', 'Unknown error') are not for people.
 */
function readable(error: string): string {
  return /^(Non 2xx|Unknown error)\b/.test(error)
    ? 'Upload failed: the file could not be sent; please try again'
    : error;
}

/** A local preview of the chosen file while it uploads (revoked when the file goes). */
function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}

/**
 * One field's upload: the file Uppy holds and where it is (on its way, just uploaded, refused), its local preview,
 * the stored file's name, and choosing, cancelling, removing and dismissing. The form hears of the verified asset.
 */
export function useUploader(uppy: UploaderUppy, props: UploaderProps) {
  const { purpose, value, onChange, disabled, onBusyChange } = props;
  const [notice, setNotice] = useState<Rejection | null>(null);

  const file = useUppyState(uppy, (state) => Object.values(state.files)[0]);
  const uploaded = file && !file.error ? file.meta.asset : undefined;
  // On its way until the form holds the verified asset.
  const inFlight = file !== undefined && !file.error && (uploaded === undefined || uploaded._id !== value?._id);
  const justUploaded = file !== undefined && uploaded !== undefined && uploaded._id === value?._id;
  const rejection: Rejection | null = file?.error ? { name: file.name ?? '', reason: readable(file.error) } : notice;

  const data = file?.data;
  const localData = inFlight && file?.name && isPreviewable(file.name) && data instanceof Blob ? data : undefined;
  const localPreview = useObjectUrl(localData);

  // The record only keeps `{_id, url}`: the name comes from the asset (GET /asset/{id}).
  const { data: stored } = useApi(value && !value.name ? assetKey(value._id) : null, {
    revalidateOnFocus: false,
  });

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onComplete = useCallback((result: { successful?: { meta: { asset?: UploadedAsset } }[] }) => {
    const asset = result.successful?.[0]?.meta.asset;
    if (asset) onChangeRef.current(asset);
  }, []);
  useUppyEvent(uppy, 'complete', onComplete);

  useEffect(() => {
    onBusyChange?.(inFlight);
  }, [inFlight, onBusyChange]);

  const pick = (picked: File[]) => {
    const chosen = picked[0];
    if (disabled || !chosen) return;
    const reason = picked.length > 1 ? 'Choose one file at a time' : rejectionFor(chosen, purpose);
    if (reason) {
      // A refused file leaves an upload in progress alone; it replaces an earlier failure.
      if (file?.error) uppy.cancelAll();
      setNotice({ name: chosen.name, reason });
      return;
    }
    // One file per field: an accepted choice replaces whatever was uploading, uploaded or failed.
    uppy.cancelAll();
    setNotice(null);
    try {
      uppy.addFile({ name: chosen.name, type: contentTypeOf(chosen), data: chosen, source: 'Local' });
    } catch (failure) {
      setNotice({ name: chosen.name, reason: failure instanceof Error ? failure.message : 'Could not add the file' });
    }
  };

  const cancel = () => uppy.cancelAll();
  const remove = () => {
    uppy.cancelAll();
    setNotice(null);
    onChange(null);
  };
  /** A picture chosen from the library: the field holds it as it would an upload. */
  const choose = (asset: UploadedAsset) => {
    if (disabled) return;
    uppy.cancelAll();
    setNotice(null);
    onChange({ _id: asset._id, url: asset.url, name: asset.name });
  };
  const dismiss = () => {
    if (file?.error) uppy.cancelAll();
    setNotice(null);
  };

  return { file, inFlight, justUploaded, rejection, localPreview, stored, pick, choose, cancel, remove, dismiss };
}
