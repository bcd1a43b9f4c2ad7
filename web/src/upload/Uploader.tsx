import { Input, Skeleton } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import type { UploadPurpose } from '../../../shared/constants';
import type { UploadedAsset } from './upload-api';

export interface UploaderProps {
  /** What the file is for: its accepted types and size limit come from UPLOAD_PURPOSES. */
  purpose: UploadPurpose;
  /** The uploaded file, or null. */
  value: UploadedAsset | null;
  /** Called with the verified asset once an upload completes, and with null on Remove. */
  onChange: (asset: UploadedAsset | null) => void;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
  /** A form error for the field (e.g. required). */
  error?: ReactNode;
  withAsterisk?: boolean;
  /** Told true while a file is on its way (the form may hold Save until it arrives). */
  onBusyChange?: (busy: boolean) => void;
}

// Uppy is loaded only when a screen shows an Uploader: the login page and screens without uploads never fetch it.
const UploaderField = lazy(() => import('./UploaderField').then((module) => ({ default: module.UploaderField })));

/** One file for one purpose: pick or drop it, watch it upload, see it previewed, cancel or remove it. */
export function Uploader(props: UploaderProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} description={props.description} withAsterisk={props.withAsterisk}>
          <Skeleton h={88} radius="md" mt={4} />
        </Input.Wrapper>
      }
    >
      <UploaderField {...props} />
    </Suspense>
  );
}
