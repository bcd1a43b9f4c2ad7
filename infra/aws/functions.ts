/** What each Lambda of the stack may do and how it runs, beside the route table's list of Lambdas. */
import type { LambdaName } from '../../shared/api';

/**
 * Everything a Lambda may do in S3, in one place. The table is shared by all (read/write data only);
 * a Lambda not listed here gets no S3 access at all.
 */
export const MEDIA_ACCESS: Partial<Record<LambdaName, 'readPublished' | 'uploads'>> = {
  // Signs uploads to uploads/ (PUT and multipart), reads them to verify, writes the checked copy to media/ and
  // deletes the upload. It never deletes or overwrites a published file's key by any other path.
  asset: 'uploads',
  // POST /cms/getHtml reads an uploaded (published) PDF.
  'cms-import': 'readPublished',
};

/** Lambdas that may run long: S3 verification and file parsing. API Gateway's own limit is 30 s. */
export const LONG_RUNNING: readonly LambdaName[] = ['asset', 'cms-import', 'user-import'];

/** bcrypt and pdf.js are CPU-bound: 1769 MB is one full vCPU (the import's one hash per row, PDF parsing). */
export const MEMORY_MB: Partial<Record<LambdaName, number>> = { 'user-import': 1769, 'cms-import': 1769 };

export const PUBLISHER = 'publisher';
export const MEDIA_SWEEPER = 'media-sweeper';
export const TRASH_SWEEPER = 'trash-sweeper';
/** Lambdas that no route calls: each runs on its own schedule. */
export const SCHEDULED_FUNCTIONS = [PUBLISHER, MEDIA_SWEEPER, TRASH_SWEEPER] as const;

export const NAME_SYNC = 'name-sync';
/** Lambdas that the table's stream calls. */
export const STREAM_FUNCTIONS = [NAME_SYNC] as const;

/** Lambdas no route calls. */
export const BACKGROUND_FUNCTIONS = [...SCHEDULED_FUNCTIONS, ...STREAM_FUNCTIONS] as const;
export type FunctionName = LambdaName | (typeof BACKGROUND_FUNCTIONS)[number];
