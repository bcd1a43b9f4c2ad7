/**
 * What the browser checks before an upload starts, with the same texts the API uses (CONTRACT.md §5, §9), so a
 * file that is plainly too large or of the wrong type is refused at once without a round trip.
 * No Uppy here: the login bundle and the editor-image uploader import this module.
 */
import { FILE_TYPES, type FileType, UPLOAD_PURPOSES, type UploadPurpose } from '../../../shared/constants';
import { partPlan, sizeText, typeNames, uploadRefusal } from '../../../shared/uploads';
import { fileExtension } from '../common/files';

export { sizeText, typeNames } from '../../../shared/uploads';

/** The extensions each accepted type may have on disk. */
const EXTENSIONS: Record<FileType, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/svg+xml': ['.svg'],
  'application/pdf': ['.pdf'],
  'video/mp4': ['.mp4'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

const isFileType = (type: string): type is FileType => Object.hasOwn(FILE_TYPES, type);

/**
 * The MIME type to declare for a file: the browser's when it is one we know, else the one its extension
 * implies (some systems give no type for .webp or .svg). The server checks the bytes after the upload.
 */
export function contentTypeOf(file: { name: string; type: string }): FileType | undefined {
  if (isFileType(file.type)) return file.type;
  const ext = fileExtension(file.name);
  return (Object.keys(EXTENSIONS) as FileType[]).find((type) => EXTENSIONS[type].includes(ext));
}

/** The file picker's `accept` list for a purpose: MIME types and extensions. */
export function acceptFor(purpose: UploadPurpose): string {
  const types = UPLOAD_PURPOSES[purpose].types;
  return [...types, ...types.flatMap((type) => EXTENSIONS[type])].join(',');
}

/** A short hint for the picker: 'PNG, JPG, WEBP, SVG · up to 3 MB'. */
export function limitsText(purpose: UploadPurpose): string {
  return `${typeNames(purpose)} · up to ${sizeText(UPLOAD_PURPOSES[purpose].maxBytes)}`;
}

/**
 * Why a file cannot be uploaded for a purpose ('Wrong file type: PNG, JPG only', 'Too large: at most 3 MB',
 * 'The file is empty'), or null when it may go ahead. The texts are the API's own.
 */
export function rejectionFor(
  file: { name: string; type: string; size: number },
  purpose: UploadPurpose,
): string | null {
  return uploadRefusal(contentTypeOf(file), file.size, purpose);
}

/** CONTRACT.md §2: previews cover png, jpg, jpeg, gif, webp and svg (judged by the name or url's extension). */
const PREVIEWABLE = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.svg'];

export function isPreviewable(nameOrUrl: string): boolean {
  const path = nameOrUrl.split(/[?#]/)[0] ?? '';
  return PREVIEWABLE.includes(fileExtension(path.slice(path.lastIndexOf('/') + 1)));
}

/** The part size the API plans for a file of this size (Uppy must cut the file the same way). */
export const partSizeFor = (size: number): number => partPlan(size).partSize;

/** The API takes names of at most 255 characters: keep the end (the extension) of a longer one. */
export function uploadName(name: string): string {
  const trimmed = name.trim() || 'file';
  if (trimmed.length <= 255) return trimmed;
  const ext = fileExtension(trimmed);
  return `${trimmed.slice(0, 255 - ext.length)}${ext}`;
}
