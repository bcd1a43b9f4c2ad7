/**
 * Uploads (DESIGN "Uploads"): the browser sends bytes straight to S3 with presigned URLs; this service checks
 * the purpose's rules before signing anything and verifies the stored object afterwards. Only verified assets
 * may be referenced by records (requireVerifiedAssets).
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
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
  MULTIPART_THRESHOLD,
  PRESIGNED_URL_TTL_SECONDS,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from '../../shared/constants';
import { canAccess } from '../../shared/permissions';
import type { CompleteInput, UploadStartInput } from '../../shared/schemas/asset';
import { partPlan, sizeText, uploadRefusal } from '../../shared/uploads';
import type { AuthUser } from '../lib/auth';
import { config } from '../lib/config';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { s3, s3ForBrowsers } from '../lib/s3';
import { mediaUrl } from './references';
import { type AssetRecord, getAsset, insertAsset, replaceAsset } from './repo';
import { detectBinaryType, SNIFF_BYTES, svgProblem } from './verify';

export const publicAsset = (asset: AssetRecord) => ({
  _id: asset._id,
  key: asset.key,
  name: asset.name,
  url: mediaUrl(asset.key),
  type: asset.contentType,
  size: asset.size ?? asset.declaredSize,
  purpose: asset.purpose,
  tag: asset.tag,
  status: asset.status,
  reason: asset.reason,
});

export async function startUpload(actor: AuthUser, input: UploadStartInput) {
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
    createdAt: now,
    updatedAt: now,
    version: 1,
  };

  if (input.size > MULTIPART_THRESHOLD) {
    const created = await s3().send(
      new CreateMultipartUploadCommand({ Bucket: config.mediaBucket, Key: key, ContentType: input.contentType }),
    );
    if (!created.UploadId) throw new Error('S3 returned no UploadId');
    asset.multipart = { uploadId: created.UploadId, ...partPlan(input.size) };
    await insertAsset(asset);
    return { _id: id, key, upload: { multipart: asset.multipart } };
  }

  await insertAsset(asset);
  const url = await getSignedUrl(
    s3ForBrowsers(),
    new PutObjectCommand({ Bucket: config.mediaBucket, Key: key, ContentType: input.contentType }),
    { expiresIn: PRESIGNED_URL_TTL_SECONDS },
  );
  return { _id: id, key, upload: { method: 'PUT' as const, url, headers: { 'content-type': input.contentType } } };
}

/** The uploader may finish or abort their upload; so may anyone with Edit on Asset. */
async function ownedUpload(actor: AuthUser, id: string): Promise<AssetRecord> {
  const asset = await getAsset(id);
  if (!asset) throw notFound('No such upload');
  if (asset.owner !== actor._id && !canAccess(actor, 'Asset', ['Edit'])) throw forbidden();
  return asset;
}

export async function presignParts(actor: AuthUser, id: string, partNumbers: number[]) {
  const asset = await ownedUpload(actor, id);
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
          Key: asset.key,
          UploadId: uploadId,
          PartNumber: partNumber,
        }),
        { expiresIn: PRESIGNED_URL_TTL_SECONDS },
      ),
    })),
  );
  return { parts };
}

async function deleteObject(key: string): Promise<void> {
  await s3()
    .send(new DeleteObjectCommand({ Bucket: config.mediaBucket, Key: key }))
    .catch(() => undefined);
}

/** Reads the first bytes (the whole file for SVG, which is at most a few MB) and says what is wrong, if anything. */
async function inspect(asset: AssetRecord, size: number): Promise<string | undefined> {
  const rule = UPLOAD_PURPOSES[asset.purpose];
  if (size > rule.maxBytes) return `Too large: the file is over the ${sizeText(rule.maxBytes)} limit`;
  const whole = asset.contentType === 'image/svg+xml';
  const object = await s3().send(
    new GetObjectCommand({
      Bucket: config.mediaBucket,
      Key: asset.key,
      ...(whole ? {} : { Range: `bytes=0-${SNIFF_BYTES - 1}` }),
    }),
  );
  const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  if (whole) {
    const problem = svgProblem(bytes.toString('utf8'));
    return problem ? `Failed verification: ${problem}` : undefined;
  }
  const actual = detectBinaryType(bytes);
  if (actual !== asset.contentType) {
    return `Failed verification: the content is ${actual ? FILE_TYPES[actual].toUpperCase() : 'not a known file type'}, not ${FILE_TYPES[asset.contentType].toUpperCase()}`;
  }
  return undefined;
}

export async function completeUpload(actor: AuthUser, id: string, input: CompleteInput) {
  const asset = await ownedUpload(actor, id);
  if (asset.status === 'verified') return publicAsset(asset);
  if (asset.status !== 'pending') throw conflict(`This upload is already ${asset.status}`);

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
        Key: asset.key,
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
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: config.mediaBucket, Key: asset.key }));
    size = head.ContentLength ?? 0;
  } catch {
    throw badRequest('The file has not arrived yet: upload it, then complete');
  }

  const reason = await inspect(asset, size);
  const next: AssetRecord = {
    ...asset,
    size,
    status: reason ? 'rejected' : 'verified',
    reason,
    updatedAt: nowIso(),
    version: asset.version + 1,
  };
  await replaceAsset(asset, next);
  if (reason) {
    await deleteObject(asset.key);
    throw badRequest(reason, 'UploadRejected');
  }
  return { _id: next._id, key: next.key, name: next.name, url: mediaUrl(next.key) };
}

/** Best effort: s3rver has no AbortMultipartUpload, and in AWS a lifecycle rule sweeps what is left. */
export async function abortUpload(actor: AuthUser, id: string) {
  const asset = await ownedUpload(actor, id);
  if (asset.status === 'verified') throw conflict('This file is already uploaded and verified');
  if (asset.multipart) {
    await s3()
      .send(
        new AbortMultipartUploadCommand({
          Bucket: config.mediaBucket,
          Key: asset.key,
          UploadId: asset.multipart.uploadId,
        }),
      )
      .catch(() => undefined);
  }
  await deleteObject(asset.key);
  if (asset.status === 'pending') {
    await replaceAsset(asset, { ...asset, status: 'aborted', updatedAt: nowIso(), version: asset.version + 1 });
  }
  return { _id: asset._id, status: asset.status === 'pending' ? 'aborted' : asset.status };
}

export async function findAsset(id: string) {
  const asset = await getAsset(id);
  if (!asset) throw notFound('No such file');
  return publicAsset(asset);
}
