/**
 * PDF import for the article editor (CONTRACT.md §7 POST /cms/getHtml/): the text of an uploaded PDF, by paragraph.
 * The file arrives through the upload API (verified, at most 30 MB), never in the request body, which Lambda
 * caps at 6 MB.
 */

import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { ImportedText } from '../../shared/schemas/article-record';
import { getAsset } from '../asset/model';
import { config } from '../lib/config';
import { badRequest, forbidden } from '../lib/errors';
import { publishedObjectKey } from '../lib/media-keys';
import { s3 } from '../lib/s3';
import type { AuthUser } from '../user/auth-user';

/** Lines of one page joined into paragraphs: a blank line, or a line ending a sentence before a short one, ends one. */
export function paragraphsOf(pages: string[]): string[] {
  const paragraphs: string[] = [];
  for (const page of pages) {
    let current = '';
    for (const raw of page.split('\n')) {
      const line = raw.replace(/\s+/g, ' ').trim();
      if (!line) {
        if (current) paragraphs.push(current);
        current = '';
        continue;
      }
      // A hyphen at a line end is a word broken across lines.
      current = current.endsWith('-') ? `${current.slice(0, -1)}${line}` : current ? `${current} ${line}` : line;
      if (/[.!?:"”]$/.test(line)) {
        paragraphs.push(current);
        current = '';
      }
    }
    if (current) paragraphs.push(current);
  }
  return paragraphs;
}

export async function pdfText(actor: AuthUser, assetId: string): Promise<ImportedText> {
  const asset = await getAsset(assetId);
  if (asset?.status !== 'verified') throw badRequest('The file is missing or not verified');
  if (asset.owner !== actor._id) throw forbidden('You can only import files you uploaded');
  if (asset.purpose !== 'import-document' || asset.contentType !== 'application/pdf') {
    throw badRequest('Only a PDF uploaded for import can be read here');
  }
  const object = await s3().send(
    new GetObjectCommand({ Bucket: config.mediaBucket, Key: publishedObjectKey(asset.key) }),
  );
  const bytes = await object.Body?.transformToByteArray();
  if (!bytes) throw badRequest('The file is empty');
  let pages: string[];
  // pdf.js (unpdf, most of this Lambda's bundle) is evaluated on the first import an instance makes, not at start.
  const { extractText, getDocumentProxy } = await import('unpdf');
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    pages = (await extractText(pdf, { mergePages: false })).text;
  } catch {
    throw badRequest('The PDF could not be read; it may be damaged or protected by a password');
  }
  const paragraphs = paragraphsOf(pages);
  if (paragraphs.length === 0) throw badRequest('The PDF has no text to import (a scanned PDF is only pictures)');
  return { text: paragraphs.join('\n\n'), paragraphs, pages: pages.length };
}
