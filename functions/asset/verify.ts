/** What an uploaded file really is, from its first bytes (never from its name or declared type). */
import type { FileType } from '../../shared/constants';

/** How many leading bytes detection needs. */
export const SNIFF_BYTES = 4096;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The binary types, by magic number. SVG is text and is checked by svgProblem(). */
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

/**
 * Why an SVG is refused, or undefined when it is a plain drawing: the root element must be <svg>, and
 * anything that can run code or pull in other content is refused rather than cleaned (scripts, event
 * handlers, javascript: URLs, foreignObject, entities, external references).
 */
export function svgProblem(text: string): string | undefined {
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim();
  if (/<!DOCTYPE[^>]*\[|<!ENTITY/i.test(body)) return 'SVG files with entity declarations are not allowed';
  const withoutDoctype = body.replace(/^<!DOCTYPE[^>]*>/i, '').trim();
  if (!/^<svg[\s>]/i.test(withoutDoctype)) return 'The file is not an SVG image';
  if (/<script[\s>/]/i.test(body)) return 'SVG files with scripts are not allowed';
  if (/\son[a-z]+\s*=/i.test(body)) return 'SVG files with event handlers are not allowed';
  if (/javascript\s*:|data\s*:\s*text\/html/i.test(body)) return 'SVG files with script links are not allowed';
  if (/<foreignObject[\s>/]/i.test(body)) return 'SVG files with embedded HTML are not allowed';
  if (/(?:xlink:)?href\s*=\s*["']\s*(?:https?:)?\/\//i.test(body)) return 'SVG files may not load other files';
  return undefined;
}
