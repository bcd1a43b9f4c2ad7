/**
 * Upload rules both sides apply with the same words: the browser to refuse a file at once, the API before
 * it signs anything; and the part plan of multipart uploads, which both must agree on.
 */
import { FILE_TYPES, type FileType, MAX_PARTS, MIN_PART_SIZE, UPLOAD_PURPOSES, type UploadPurpose } from './constants';

const MB = 1024 * 1024;

/** '3 MB', '30 MB', '1 GB': how a size limit is worded. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * MB ? `${bytes / 1024 / MB} GB` : `${Math.round(bytes / MB)} MB`;
}

/** 'PNG, JPG, WEBP, SVG': the accepted types of a purpose. */
export function typeNames(purpose: UploadPurpose): string {
  return UPLOAD_PURPOSES[purpose].types.map((type) => FILE_TYPES[type].toUpperCase()).join(', ');
}

/** Why a file may not be uploaded for a purpose, or null. */
export function uploadRefusal(type: FileType | undefined, size: number, purpose: UploadPurpose): string | null {
  const rule = UPLOAD_PURPOSES[purpose];
  if (!type || !rule.types.includes(type)) return `Wrong file type: ${typeNames(purpose)} only`;
  if (size > rule.maxBytes) return `Too large: at most ${sizeText(rule.maxBytes)}`;
  if (size === 0) return 'The file is empty';
  return null;
}

/** Multipart parts: at least MIN_PART_SIZE, whole MBs, never more than MAX_PARTS of them. */
export function partPlan(size: number): { partSize: number; partCount: number } {
  const partSize = Math.max(MIN_PART_SIZE, Math.ceil(size / MAX_PARTS / MB) * MB);
  return { partSize, partCount: Math.ceil(size / partSize) };
}
