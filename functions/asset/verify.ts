/** What an uploaded file really is, from its first bytes (never from its name or declared type). */
import type { FileType } from '../../shared/constants';

/** How many leading bytes detection needs. */
export const SNIFF_BYTES = 4096;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The binary types, by magic number. SVG is text and is rewritten by sanitizeSvg() (svg.ts). */
export function detectBinaryType(bytes: Buffer): FileType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'video/mp4';
  // A .docx is a ZIP package whose first entry is normally [Content_Types].xml.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  return undefined;
}
