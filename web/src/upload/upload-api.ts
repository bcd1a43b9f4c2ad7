/**
 * The upload calls of functions/README.md, "Uploads": start (a presigned PUT, or a multipart plan above 100 MB), part URLs,
 * complete (the API verifies the stored bytes), abort. No Uppy here: the editor-image uploader uses these too.
 */
import type { RouteBodyInput } from '../../../shared/api';
import type { CompletedUpload, MultipartPlan, StartedUpload } from '../../../shared/schemas/asset';
import { api } from '../api/client';
import { apiKey } from '../api/use-api';

export type { MultipartPlan, SingleUpload, StartedUpload } from '../../../shared/schemas/asset';

/** A file a form holds: the verified upload (POST /asset/{id}/complete), or a record's `{_id, url}` of one. */
export type UploadedAsset = Pick<CompletedUpload, '_id' | 'url'> & Partial<Pick<CompletedUpload, 'name' | 'key'>>;

/** What starting an upload takes; the content type as the browser reports it (the API refuses one it does not take). */
export type StartUploadInput = Omit<RouteBodyInput<'POST /asset/upload'>, 'contentType'> & { contentType: string };

export const isMultipart = (upload: StartedUpload['upload']): upload is MultipartPlan => 'multipart' in upload;

export function startUpload(body: StartUploadInput, signal?: AbortSignal) {
  return api('POST /asset/upload', { body: body as RouteBodyInput<'POST /asset/upload'>, signal });
}

/** Presigned URLs for some parts of a multipart upload (the API signs at most 100 per call). */
export async function signParts(id: string, partNumbers: number[], signal?: AbortSignal) {
  const { parts } = await api('POST /asset/{id}/parts', { params: { id }, body: { partNumbers }, signal });
  return parts;
}

/** Finishes the upload; the API checks the stored size and bytes and answers 400 `Failed verification: …` if wrong. */
export function completeUpload(id: string, parts?: { partNumber: number; etag: string }[], signal?: AbortSignal) {
  return api('POST /asset/{id}/complete', { params: { id }, body: parts ? { parts } : {}, signal });
}

/** Abandons an upload that has not completed: the API deletes what arrived and marks the asset aborted. */
export function abortUpload(id: string) {
  return api('DELETE /asset/{id}/upload', { params: { id } });
}

export const assetKey = (id: string) => apiKey('GET /asset/{id}', { params: { id } });
