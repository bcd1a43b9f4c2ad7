/**
 * Uploads (functions/README.md, "Uploads"): the browser sends bytes straight to S3 with presigned URLs; this service checks
 * the purpose's rules before signing anything and verifies the stored object afterwards. Only verified assets
 * may be referenced by records (requireVerifiedAssets).
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  FILE_TYPES,
  IMAGE_LIMITS,
  MULTIPART_THRESHOLD,
  PENDING_UPLOAD_TTL_SECONDS,
  PRESIGNED_URL_TTL_SECONDS,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from '../../shared/constants';
import { METRIC } from '../../shared/metrics';
import { canAccess } from '../../shared/permissions';
import { RENDERABLE_TYPES } from '../../shared/renditions';
import type {
  AbortedUpload,
  CompletedUpload,
  CompleteInput,
  PartUrls,
  StartedUpload,
  UploadStartInput,
} from '../../shared/schemas/asset';
import { partPlan, sizeText, uploadRefusal } from '../../shared/uploads';
import { config } from '../lib/config';
import { firstVersion } from '../lib/db/records';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { originalObjectKey, publishedObjectHeaders, publishedObjectKey, uploadObjectKey } from '../lib/media-keys';
import { countEvent } from '../lib/observability';
import { s3, s3ForBrowsers } from '../lib/s3';
import type { RasterType } from '../media-render/images';
import type { AuthUser } from '../user/auth-user';
import { assetView, assetViewWithUploader } from './library';
import { type AssetRecord, getAsset, insertAsset, replaceAsset } from './model';
import { mediaUrl } from './references';
import { sanitizeSvg } from './svg';
import { detectBinaryType, SNIFF_BYTES } from './verify';

export async function startUpload(actor: AuthUser, input: UploadStartInput): Promise<StartedUpload> {
  const purpose = input.purpose as UploadPurpose;
  const refusal = uploadRefusal(input.contentType, input.size, purpose);
  if (refusal) throw badRequest(refusal);

  const id = newId();
  const key = `${purpose}/${id.toLowerCase()}.${FILE_TYPES[input.contentType]}`;
  const now = nowIso();
  const asset: AssetRecord = {
    _id: id,
    key,
    name: input.name,
    contentType: input.contentType,
    purpose,
    tag: input.tag,
    declaredSize: input.size,
    status: 'pending',
    owner: actor._id,
    ...firstVersion(now),
    expiresAt: Math.floor(Date.now() / 1000) + PENDING_UPLOAD_TTL_SECONDS,
  };

  if (input.size > MULTIPART_THRESHOLD) {
    const created = await s3().send(
      new CreateMultipartUploadCommand({
        Bucket: config.mediaBucket,
        Key: uploadObjectKey(key),
        ContentType: input.contentType,
      }),
    );
    if (!created.UploadId) throw new Error('S3 returned no UploadId');
    asset.multipart = { uploadId: created.UploadId, ...partPlan(input.size) };
    await insertAsset(asset);
    return { _id: id, key, upload: { multipart: asset.multipart } };
  }

  await insertAsset(asset);
  const url = await getSignedUrl(
    s3ForBrowsers(),
    new PutObjectCommand({
      Bucket: config.mediaBucket,
      Key: uploadObjectKey(key),
      ContentType: input.contentType,
      ContentLength: input.size,
    }),
    SIGNING,
  );
  return { _id: id, key, upload: { method: 'PUT' as const, url, headers: { 'content-type': input.contentType } } };
}

/**
 * Presigned URLs live five minutes and sign the headers the browser must send as they were declared: the content
 * type and the exact length (a bigger or other file than the one checked before signing is refused by S3).
 */
const SIGNING = {
  expiresIn: PRESIGNED_URL_TTL_SECONDS,
  signableHeaders: new Set(['content-type', 'content-length']),
};
/** A part is a slice of the file: browsers send it without a type, so only its length is signed. */
const PART_SIGNING = { expiresIn: PRESIGNED_URL_TTL_SECONDS, signableHeaders: new Set(['content-length']) };

/** Bytes of part `partNumber` of a multipart plan (the last part holds the rest). */
const partLength = (size: number, partSize: number, partNumber: number) =>
  Math.min(partSize, size - (partNumber - 1) * partSize);

/** The uploader may finish or abort their upload; so may anyone with Edit on Asset. */
async function ownedUpload(actor: AuthUser, id: string): Promise<AssetRecord> {
  const asset = await getAsset(id);
  if (!asset) throw notFound('No such upload');
  if (asset.owner !== actor._id && !canAccess(actor, 'Asset', ['Edit'])) throw forbidden();
  return asset;
}

/** `readBody` is called once the caller may act on the upload (ApiRoute.checksRecordFirst). */
export async function presignParts(
  actor: AuthUser,
  id: string,
  readBody: () => { partNumbers: number[] },
): Promise<PartUrls> {
  const asset = await ownedUpload(actor, id);
  const { partNumbers } = readBody();
  if (asset.status !== 'pending') throw conflict(`This upload is already ${asset.status}`);
  if (!asset.multipart) throw badRequest('This upload is a single PUT, not multipart');
  const { uploadId, partCount } = asset.multipart;
  const outside = partNumbers.find((n) => n > partCount);
  if (outside !== undefined) throw badRequest(`Part ${outside} is outside this upload's ${partCount} parts`);
  const parts = await Promise.all(
    [...new Set(partNumbers)].map(async (partNumber) => ({
      partNumber,
      url: await getSignedUrl(
        s3ForBrowsers(),
        new UploadPartCommand({
          Bucket: config.mediaBucket,
          Key: uploadObjectKey(asset.key),
          UploadId: uploadId,
          PartNumber: partNumber,
          ContentLength: partLength(asset.declaredSize, asset.multipart?.partSize ?? 0, partNumber),
        }),
        PART_SIGNING,
      ),
    })),
  );
  return { parts };
}

async function deleteObject(objectKey: string): Promise<void> {
  await s3()
    .send(new DeleteObjectCommand({ Bucket: config.mediaBucket, Key: objectKey }))
    .catch(() => undefined);
}

/**
 * What verification found: a refusal, or how the checked file is written to its published key. A raster image is
 * published cleaned (`picture`: oriented, sRGB, no EXIF, XMP or IPTC), its untouched upload kept apart.
 */
type Inspection =
  | { reason: string }
  | { publish: 'copy' }
  | { publish: 'write'; body: Buffer; picture?: { width: number; height: number } };

/** Raster images are read whole to be cleaned: above this many bytes one is refused (IMAGE_LIMITS). */
const rasterTypes = new Set<string>(RENDERABLE_TYPES);

/**
 * Checks the uploaded object as it is at `etag`: its real size, then its first bytes (a binary type by magic
 * number), or the whole of an SVG, which is rewritten from its parsed tree with only allowed elements.
 */
async function inspect(asset: AssetRecord, size: number, etag: string | undefined): Promise<Inspection> {
  const rule = UPLOAD_PURPOSES[asset.purpose];
  if (size > rule.maxBytes) return { reason: `Too large: the file is over the ${sizeText(rule.maxBytes)} limit` };
  const raster = rasterTypes.has(asset.contentType);
  if (raster && size > IMAGE_LIMITS.maxBytes) {
    return {
      reason: `Too large: a picture over ${sizeText(IMAGE_LIMITS.maxBytes)} cannot be served; export it smaller`,
    };
  }
  const whole = asset.contentType === 'image/svg+xml' || raster;
  const object = await s3().send(
    new GetObjectCommand({
      Bucket: config.mediaBucket,
      Key: uploadObjectKey(asset.key),
      IfMatch: etag,
      ...(whole ? {} : { Range: `bytes=0-${SNIFF_BYTES - 1}` }),
    }),
  );
  const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  if (asset.contentType === 'image/svg+xml') {
    const checked = sanitizeSvg(bytes.toString('utf8'));
    return checked.ok
      ? { publish: 'write', body: Buffer.from(checked.svg, 'utf8') }
      : { reason: `Failed verification: ${checked.problem}` };
  }
  const actual = detectBinaryType(bytes);
  if (actual !== asset.contentType) {
    return {
      reason: `Failed verification: the content is ${actual ? FILE_TYPES[actual].toUpperCase() : 'not a known file type'}, not ${FILE_TYPES[asset.contentType].toUpperCase()}`,
    };
  }
  if (!raster) return { publish: 'copy' };
  // sharp is loaded here only, on the first picture an instance checks: the asset Lambda's other calls never pay for it.
  const { cleanOriginal } = await import('../media-render/images');
  const cleaned = await cleanOriginal(bytes, asset.contentType as RasterType);
  if (!cleaned.ok) return { reason: `Failed verification: ${cleaned.reason}` };
  return { publish: 'write', body: cleaned.body, picture: { width: cleaned.width, height: cleaned.height } };
}

const copySource = (objectKey: string) => `${config.mediaBucket}/${encodeURIComponent(objectKey).replace(/%2F/g, '/')}`;

/**
 * Writes the checked file to `media/<key>`, which no presigned URL can write: a copy of exactly the bytes that
 * were checked (the source must still have the checked ETag), or the rewritten SVG. Its content type and
 * disposition are ours, not the uploader's, and it never changes again.
 */
async function publish(
  asset: AssetRecord,
  inspection: Inspection,
  etag: string | undefined,
): Promise<number | undefined> {
  const target = {
    Bucket: config.mediaBucket,
    Key: publishedObjectKey(asset.key),
    ...publishedObjectHeaders(asset.key, asset.contentType),
  };
  if ('body' in inspection) {
    if (inspection.picture) {
      // The untouched upload, exactly the checked bytes, kept where nothing serves it (staff download it).
      await s3().send(
        new CopyObjectCommand({
          Bucket: config.mediaBucket,
          Key: originalObjectKey(asset.key),
          CopySource: copySource(uploadObjectKey(asset.key)),
          CopySourceIfMatch: etag,
        }),
      );
    }
    await s3().send(new PutObjectCommand({ ...target, Body: inspection.body }));
    return inspection.body.length;
  }
  await s3().send(
    new CopyObjectCommand({
      ...target,
      CopySource: copySource(uploadObjectKey(asset.key)),
      CopySourceIfMatch: etag,
      MetadataDirective: 'REPLACE',
    }),
  );
  return undefined;
}

/** `readBody` is called once the caller may act on the upload (ApiRoute.checksRecordFirst). */
export async function completeUpload(
  actor: AuthUser,
  id: string,
  readBody: () => CompleteInput,
): Promise<CompletedUpload> {
  const asset = await ownedUpload(actor, id);
  const input = readBody();
  if (asset.status === 'verified') return assetView(asset);
  if (asset.status !== 'pending') throw conflict(`This upload is already ${asset.status}`);
  const uploadKey = uploadObjectKey(asset.key);

  if (asset.multipart) {
    const parts = input.parts ?? [];
    const { partCount, uploadId } = asset.multipart;
    const numbers = new Set(parts.map((p) => p.partNumber));
    if (parts.length !== partCount || numbers.size !== partCount || [...numbers].some((n) => n > partCount)) {
      throw badRequest(`Send the ETag of each of the ${partCount} parts to complete the upload`);
    }
    await s3().send(
      new CompleteMultipartUploadCommand({
        Bucket: config.mediaBucket,
        Key: uploadKey,
        UploadId: uploadId,
        MultipartUpload: {
          Parts: [...parts]
            .sort((a, b) => a.partNumber - b.partNumber)
            .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
        },
      }),
    );
  }

  let size: number;
  let etag: string | undefined;
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: config.mediaBucket, Key: uploadKey }));
    size = head.ContentLength ?? 0;
    etag = head.ETag;
  } catch {
    throw badRequest('The file has not arrived yet: upload it, then complete');
  }

  const inspection = await inspect(asset, size, etag);
  const reason = 'reason' in inspection ? inspection.reason : undefined;
  const publishedSize = reason ? undefined : await publish(asset, inspection, etag);
  const { expiresAt: _pendingTtl, ...kept } = asset;
  const picture = 'picture' in inspection ? inspection.picture : undefined;
  const next: AssetRecord = {
    ...(reason ? asset : kept),
    ...(picture ? { width: picture.width, height: picture.height, originalKept: true } : {}),
    size: publishedSize ?? size,
    status: reason ? 'rejected' : 'verified',
    reason,
    updatedAt: nowIso(),
    version: asset.version + 1,
  };
  try {
    await replaceAsset(asset, next);
  } finally {
    await deleteObject(uploadKey);
  }
  countEvent(reason ? METRIC.uploadsRejected : METRIC.uploadsVerified);
  if (reason) throw badRequest(reason, 'UploadRejected');
  return { _id: next._id, key: next.key, name: next.name, url: mediaUrl(next.key) };
}

/** Best effort: s3rver has no AbortMultipartUpload, and in AWS a lifecycle rule sweeps what is left. */
export async function abortUpload(actor: AuthUser, id: string): Promise<AbortedUpload> {
  const asset = await ownedUpload(actor, id);
  if (asset.status === 'verified') throw conflict('This file is already uploaded and verified');
  if (asset.multipart) {
    await s3()
      .send(
        new AbortMultipartUploadCommand({
          Bucket: config.mediaBucket,
          Key: uploadObjectKey(asset.key),
          UploadId: asset.multipart.uploadId,
        }),
      )
      .catch(() => undefined);
  }
  await deleteObject(uploadObjectKey(asset.key));
  if (asset.status === 'pending') {
    await replaceAsset(asset, { ...asset, status: 'aborted', updatedAt: nowIso(), version: asset.version + 1 });
  }
  return { _id: asset._id, status: asset.status === 'pending' ? 'aborted' : asset.status };
}

/**
 * An asset's details go to its uploader and to those who may read assets; records that use a file carry its
 * name and URL themselves, so nobody else needs them.
 */
export async function findAsset(actor: AuthUser, id: string) {
  const asset = await getAsset(id);
  if (!asset) throw notFound('No such file');
  if (asset.owner !== actor._id && !canAccess(actor, 'Asset', ['Read'])) throw forbidden();
  return assetViewWithUploader(asset);
}
