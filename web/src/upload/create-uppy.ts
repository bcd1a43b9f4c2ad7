/**
 * One Uppy instance per Uploader, with @uppy/aws-s3 driven by OUR upload API (functions/README.md, "Uploads"): the API
 * checks the purpose's rules, presigns the PUT (or the parts above MULTIPART_THRESHOLD), and verifies the
 * stored bytes on complete. Only the Uploader's lazily loaded chunk imports this module.
 */
import AwsS3, { type AwsS3Part } from '@uppy/aws-s3';
import Uppy, { type Body, type UppyFile } from '@uppy/core';
import { MULTIPART_THRESHOLD, type UploadPurpose } from '../../../shared/constants';
import { ApiError } from '../api/client';
import { contentTypeOf, partSizeFor, uploadName } from './rules';
import {
  abortUpload,
  completeUpload,
  isMultipart,
  type StartedUpload,
  signParts,
  startUpload,
  type UploadedAsset,
} from './upload-api';

/** What the Uploader keeps on each Uppy file: the asset being uploaded, and the verified result. */
export type UploadMeta = { assetId?: string; asset?: UploadedAsset };
export type UploaderUppy = Uppy<UploadMeta, Body>;
type File_ = UppyFile<UploadMeta, Body>;

/** The server-side state of one file's upload. */
interface Tracked {
  assetId: string;
  /** Completed (verified or rejected) or aborted: nothing left to abort. */
  settled: boolean;
  /** Multipart parts sent so far, for Uppy's listParts when it resumes. */
  parts: AwsS3Part[];
}

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
/** A 400 from complete means the API rejected (and deleted) the file: there is nothing left to abort. */
const isRejection = (error: unknown) => error instanceof ApiError && error.status === 400;

export function createUppy(purpose: UploadPurpose): UploaderUppy {
  const uppy: UploaderUppy = new Uppy<UploadMeta, Body>({
    autoProceed: true,
    allowMultipleUploadBatches: true,
    restrictions: { maxNumberOfFiles: 1 },
  });
  const tracked = new Map<string, Tracked>();
  const exists = (fileId: string) => uppy.getState().files[fileId] !== undefined;

  /** Tells the API to drop an upload that will not complete (cancel, remove, failure); once per upload. */
  const abandon = (fileId: string) => {
    const upload = tracked.get(fileId);
    if (!upload || upload.settled) return;
    upload.settled = true;
    abortUpload(upload.assetId).catch((error: unknown) => console.error('Aborting the upload failed', error));
  };

  /** POST /asset/upload for a file; a file removed meanwhile is abandoned at once. */
  const start = async (file: File_, signal?: AbortSignal): Promise<StartedUpload> => {
    const size = file.size ?? 0;
    const started = await startUpload(
      {
        name: uploadName(file.name ?? 'file'),
        contentType: contentTypeOf({ name: file.name ?? '', type: file.type }) ?? file.type,
        size,
        purpose,
      },
      signal,
    );
    tracked.set(file.id, { assetId: started._id, settled: false, parts: [] });
    if (!exists(file.id) || signal?.aborted) {
      abandon(file.id);
      throw new DOMException('The upload was cancelled', 'AbortError');
    }
    uppy.setFileMeta(file.id, { assetId: started._id });
    return started;
  };

  const assetIdOf = (file: File_): string => {
    const upload = tracked.get(file.id);
    if (!upload) throw new Error('This upload was not started');
    return upload.assetId;
  };

  uppy.use(AwsS3, {
    shouldUseMultipart: (file: File_) => (file.size ?? 0) > MULTIPART_THRESHOLD,
    // The API plans the parts; Uppy must cut the file the same way (checked in createMultipartUpload).
    getChunkSize: (file: { size: number }) => partSizeFor(file.size),

    async getUploadParameters(file, options) {
      const started = await start(file, options.signal);
      if (isMultipart(started.upload)) {
        abandon(file.id);
        throw new Error('The server asked for a multipart upload of a small file');
      }
      return { method: 'PUT', url: started.upload.url, headers: started.upload.headers };
    },

    async createMultipartUpload(file) {
      const started = await start(file);
      const size = file.size ?? 0;
      if (!isMultipart(started.upload) || started.upload.multipart.partSize !== partSizeFor(size)) {
        abandon(file.id);
        throw new Error('The server planned this upload differently; please try again');
      }
      return { uploadId: started.upload.multipart.uploadId, key: started.key };
    },

    async signPart(file, { partNumber, signal }) {
      const [part] = await signParts(assetIdOf(file), [partNumber], signal);
      if (!part) throw new Error(`No URL for part ${partNumber}`);
      return { method: 'PUT', url: part.url };
    },

    // The API has no list of parts (s3rver cannot list them): these are the parts this page sent.
    listParts: (file) => tracked.get(file.id)?.parts ?? [],

    abortMultipartUpload: (file) => abandon(file.id),

    async completeMultipartUpload(file, { parts, signal }) {
      const upload = tracked.get(file.id);
      if (!upload) throw new Error('This upload was not started');
      const etags = parts.flatMap((part) =>
        part.PartNumber && part.ETag ? [{ partNumber: part.PartNumber, etag: part.ETag }] : [],
      );
      try {
        const asset = await completeUpload(upload.assetId, etags, signal);
        upload.settled = true;
        if (exists(file.id)) uppy.setFileMeta(file.id, { asset });
        return { location: asset.url };
      } catch (error) {
        if (isRejection(error)) upload.settled = true;
        throw error;
      }
    },
  });

  uppy.on('s3-multipart:part-uploaded', (file, part) => {
    if (file) tracked.get(file.id)?.parts.push(part);
  });

  // A single PUT has arrived: ask the API to verify it (multipart uploads were verified on complete).
  uppy.addPostProcessor(async (fileIds) => {
    await Promise.all(
      fileIds.map(async (fileId) => {
        const file = uppy.getState().files[fileId];
        const upload = tracked.get(fileId);
        if (!file || file.error || !upload || upload.settled) return;
        uppy.emit('postprocess-progress', file, { mode: 'indeterminate', message: 'Checking the file' });
        try {
          const asset = await completeUpload(upload.assetId);
          upload.settled = true;
          if (!exists(fileId)) return;
          uppy.setFileMeta(fileId, { asset });
          uppy.emit('postprocess-complete', uppy.getFile(fileId));
        } catch (error) {
          if (isRejection(error)) upload.settled = true;
          if (exists(fileId)) uppy.emit('upload-error', uppy.getFile(fileId), toError(error));
        }
      }),
    );
  });

  // Cancel, remove, replace or leave the page mid-upload; or a failed upload: the API drops the pending file.
  uppy.on('file-removed', (file) => abandon(file.id));
  uppy.on('upload-error', (file) => {
    if (file) abandon(file.id);
  });

  return uppy;
}
