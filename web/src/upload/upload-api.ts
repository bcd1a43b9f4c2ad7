/**
 * The upload calls of DESIGN "Uploads": start (a presigned PUT, or a multipart plan above 100 MB), part URLs,
 * complete (the API verifies the stored bytes), abort. No Uppy here: the editor-image uploader uses these too.
 */
import type { UploadPurpose } from '../../../shared/constants';
import { api } from '../api/client';

/** A verified upload, as `POST /asset/{id}/complete` returns it. */
export interface UploadedAsset {
  _id: string;
  url: string;
  /** The original file name (absent on a record that only stores `{_id, url}`). */
  name?: string;
  key?: string;
}

export interface SingleUpload {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
}

export interface MultipartPlan {
  multipart: { uploadId: string; partSize: number; partCount: number };
}

export interface StartedUpload {
  _id: string;
  key: string;
  upload: SingleUpload | MultipartPlan;
}

export interface StartUploadInput {
  name: string;
  contentType: string;
  size: number;
  purpose: UploadPurpose;
  tag?: string;
}

export const isMultipart = (upload: StartedUpload['upload']): upload is MultipartPlan => 'multipart' in upload;

export function startUpload(body: StartUploadInput, signal?: AbortSignal): Promise<StartedUpload> {
  return api<StartedUpload>('/asset/upload', { method: 'POST', body, signal });
}

/** Presigned URLs for some parts of a multipart upload (the API signs at most 100 per call). */
export async function signParts(id: string, partNumbers: number[], signal?: AbortSignal) {
  const { parts } = await api<{ parts: { partNumber: number; url: string }[] }>(
    `/asset/${encodeURIComponent(id)}/parts`,
    { method: 'POST', body: { partNumbers }, signal },
  );
  return parts;
}

/** Finishes the upload; the API checks the stored size and bytes and answers 400 `Failed verification: …` if wrong. */
export function completeUpload(
  id: string,
  parts?: { partNumber: number; etag: string }[],
  signal?: AbortSignal,
): Promise<UploadedAsset> {
  return api<UploadedAsset>(`/asset/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
    body: parts ? { parts } : {},
    signal,
  });
}

/** Abandons an upload that has not completed: the API deletes what arrived and marks the asset aborted. */
export function abortUpload(id: string): Promise<unknown> {
  return api(`/asset/${encodeURIComponent(id)}/upload`, { method: 'DELETE' });
}

export const assetKey = (id: string) => `/asset/${encodeURIComponent(id)}`;
