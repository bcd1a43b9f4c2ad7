/**
 * Images dropped or pasted into the rich-text editor (Editor.js image tool, `uploader.uploadByFile`): one
 * image per call, through the same upload API as every other file (purpose `editor-image`). Any failure —
 * several files, a wrong type, too large, a refused or unverifiable upload — gives CONTRACT.md §5/§8's one message.
 */
import { contentTypeOf, rejectionFor, uploadName } from './rules';
import { abortUpload, completeUpload, isMultipart, startUpload } from './upload-api';

export const EDITOR_IMAGE_UPLOAD_FAILED = 'Please upload separate single image at a time';

/** What Editor.js's image tool expects back from an uploader. */
export interface EditorImageResult {
  success: 1;
  file: { url: string };
}

/** Sends the bytes to the presigned URL (editor images are at most 3 MB: always a single PUT). */
async function putBytes(url: string, headers: Record<string, string>, file: File): Promise<void> {
  const response = await fetch(url, { method: 'PUT', headers, body: file });
  if (!response.ok) throw new Error(`The storage answered ${response.status}`);
}

/**
 * Uploads exactly one image and resolves to `{ success: 1, file: { url } }` (the `/media/<key>` url of the
 * verified file). Rejects with `Error(EDITOR_IMAGE_UPLOAD_FAILED)`, the underlying reason as its `cause`.
 */
export async function uploadEditorImage(files: File[]): Promise<EditorImageResult> {
  const fail = (cause: unknown): never => {
    throw new Error(EDITOR_IMAGE_UPLOAD_FAILED, { cause });
  };
  const file = files[0];
  if (files.length !== 1 || !file) return fail(new Error(`Expected one image, got ${files.length}`));
  const refused = rejectionFor(file, 'editor-image');
  const contentType = contentTypeOf(file);
  if (refused || !contentType) return fail(new Error(refused ?? 'Unknown file type'));

  let started: Awaited<ReturnType<typeof startUpload>>;
  try {
    started = await startUpload({
      name: uploadName(file.name),
      contentType,
      size: file.size,
      purpose: 'editor-image',
    });
  } catch (error) {
    return fail(error);
  }

  const { upload } = started;
  try {
    if (isMultipart(upload)) throw new Error('An editor image is never a multipart upload');
    await putBytes(upload.url, upload.headers, file);
  } catch (error) {
    // Nothing usable arrived: tell the API to drop the pending upload (best effort).
    await abortUpload(started._id).catch(() => undefined);
    return fail(error);
  }

  try {
    const asset = await completeUpload(started._id);
    return { success: 1, file: { url: asset.url } };
  } catch (error) {
    // A rejected file is already deleted by the API.
    return fail(error);
  }
}
