/**
 * Limits of the bulk user upload (POST /user/bulkUpload/). To move to shared/constants.ts, where the web
 * file picker can read them too.
 */

/** Largest file accepted; a bigger one is refused with 413 before it is parsed. */
export const MAX_BULK_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Most user rows one file may hold; a file with more is refused with 400 before any user is created. */
export const MAX_BULK_UPLOAD_ROWS = 50;
