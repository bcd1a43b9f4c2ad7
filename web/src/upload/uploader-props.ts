import type { ReactNode } from 'react';
import type { UploadPurpose } from '../../../shared/constants';
import type { UploadedAsset } from './upload-api';

/** The Uploader's props, apart from Uploader.tsx, which lazily loads the field that also needs them. */
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
