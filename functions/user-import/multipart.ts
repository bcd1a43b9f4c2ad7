/** The one file of a `multipart/form-data` upload, read with busboy from the bytes API Gateway passed in. */
import busboy from 'busboy';
import { BULK_UPLOAD } from '../../shared/constants';
import { badRequest, payloadTooLarge } from '../lib/errors';

export interface UploadedFile {
  /** The file name the browser sent (no path). */
  filename: string;
  data: Buffer;
}

/** The form field that carries the file. */
export const FILE_FIELD = BULK_UPLOAD.field;

export const fileTooLarge = () =>
  payloadTooLarge(`The file is larger than ${Math.round(BULK_UPLOAD.maxBytes / (1024 * 1024))} MB`);

const malformed = () => badRequest('The upload is not a valid multipart/form-data body');
const NOT_MULTIPART = `Send the file as multipart/form-data in a field named "${FILE_FIELD}"`;

/**
 * The file of the `file` field. 413 as soon as it passes BULK_UPLOAD.maxBytes (busboy stops collecting it);
 * 400 when the body is not multipart, is malformed, holds no file or an empty one, or holds more than one.
 */
export function readUploadedFile(body: Buffer, contentType: string): Promise<UploadedFile> {
  if (!/^multipart\/form-data\b/i.test(contentType)) return Promise.reject(badRequest(NOT_MULTIPART));
  return new Promise<UploadedFile>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // utf8 file names (browsers send them raw). busboy emits 'limit' on reaching fileSize, so one past the
        // maximum: a file of exactly BULK_UPLOAD.maxBytes passes.
        defParamCharset: 'utf8',
        limits: { fileSize: BULK_UPLOAD.maxBytes + 1, files: 5, fields: 20, parts: 25, fieldSize: 64 * 1024 },
      });
    } catch {
      // No or malformed boundary.
      fail(badRequest(NOT_MULTIPART));
      return;
    }

    let found: UploadedFile | undefined;
    let fileCount = 0;
    let pending: Promise<void> = Promise.resolve();

    parser.on('file', (field, stream, info) => {
      // A body cut short errors the open file stream too; unheard, that error would crash the process.
      stream.on('error', () => fail(malformed()));
      if (field !== FILE_FIELD || settled) {
        stream.resume();
        return;
      }
      fileCount += 1;
      if (fileCount > 1) {
        stream.resume();
        fail(badRequest('Upload one file at a time'));
        return;
      }
      const chunks: Buffer[] = [];
      pending = new Promise<void>((done) => {
        stream.on('data', (chunk: Buffer) => {
          if (!settled) chunks.push(chunk);
        });
        stream.on('limit', () => {
          chunks.length = 0;
          fail(fileTooLarge());
        });
        stream.on('close', () => {
          if (!settled) found = { filename: info.filename ?? '', data: Buffer.concat(chunks) };
          done();
        });
      });
    });
    parser.on('error', () => fail(malformed()));
    parser.on('close', () => {
      void pending.then(() => {
        if (settled) return;
        if (!found) return fail(badRequest(`Choose a file to upload in the field "${FILE_FIELD}"`));
        if (found.data.length === 0) return fail(badRequest('The file is empty'));
        settled = true;
        resolve(found);
      });
    });
    parser.end(body);
  });
}
