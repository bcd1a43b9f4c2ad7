/**
 * One rendition, on the CDN's first request for it (functions/README.md, "Renditions"): the address is checked
 * before anything is read (an unknown preset, format or file is a 404 that costs nothing), a rendition already
 * stored is answered as it is, and otherwise it is made from the file's private original, stored under
 * `media/r/<key>/<format>/<preset>` (where the CDN's first origin finds it from then on) and answered.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MEDIA_BASE } from '../../shared/addresses';
import { FILE_TYPES, UPLOAD_PURPOSE_NAMES } from '../../shared/constants';
import {
  CENTRE,
  fallbackFormat,
  focalPercent,
  isCrop,
  isRenderable,
  type Preset,
  parsePresetSegment,
  RENDERABLE_TYPES,
  RENDITION_CONTENT_TYPES,
  RENDITION_FORMATS,
  type RenditionFormat,
} from '../../shared/renditions';
import { config } from '../lib/config';
import { db, tableName } from '../lib/db/client';
import { entityKey } from '../lib/db/entity-keys';
import { HttpError, notFound } from '../lib/errors';
import { isId } from '../lib/ids';
import { originalObjectKey, publishedObjectKey, renditionObjectKey } from '../lib/media-keys';
import { s3 } from '../lib/s3';

/** What every rendition is served with: kept a year anywhere (its address changes when it would), per Accept. */
export const RENDITION_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The file extensions a renderable key may have. */
const RENDERABLE_EXTENSIONS = new Set<string>(RENDERABLE_TYPES.map((type) => FILE_TYPES[type]));

/** A rendition's address, checked: the file's key and id, the format and the preset with its focal point. */
export interface RenditionAddress {
  key: string;
  id: string;
  format: RenditionFormat;
  segment: string;
  preset: Preset;
  focal?: { x: number; y: number };
}

/** The address's parts, or undefined for anything that names no rendition that could exist. */
export function parseAddress(params: {
  purpose?: string;
  file?: string;
  format?: string;
  preset?: string;
}): RenditionAddress | undefined {
  const { purpose = '', file = '', format = '', preset: segment = '' } = params;
  if (!(UPLOAD_PURPOSE_NAMES as readonly string[]).includes(purpose)) return undefined;
  const match = /^([0-9a-z]{26})\.([a-z]+)$/.exec(file);
  if (!match?.[1] || !match[2] || !RENDERABLE_EXTENSIONS.has(match[2])) return undefined;
  const id = match[1].toUpperCase();
  if (!isId(id)) return undefined;
  const key = `${purpose}/${file}`;
  if (!(RENDITION_FORMATS as readonly string[]).includes(format)) return undefined;
  const wanted = format as RenditionFormat;
  // JPEG or PNG only as the fallback of this file: one stored copy per format a browser can be sent.
  if ((wanted === 'jpeg' || wanted === 'png') && wanted !== fallbackFormat(key)) return undefined;
  const parsed = parsePresetSegment(segment);
  if (!parsed) return undefined;
  return { key, id, format: wanted, segment, preset: parsed.preset, focal: parsed.focal };
}

/** What the Lambda answers: the rendition's bytes and headers, or a redirect to it. */
export interface Rendition {
  status: number;
  body: Uint8Array;
  headers: Record<string, string>;
}

/**
 * The largest rendition answered inline: a Lambda's answer is at most 6 MB, and base64 adds a third. A bigger one
 * (a 2560-px PNG of a photo) is stored, then the browser is sent back to its address, which the CDN now serves
 * from the bucket; the redirect itself is never cached.
 */
export const MAX_INLINE_BYTES = 4 * 1024 * 1024;

const renditionHeaders = (body: Uint8Array, format: RenditionFormat): Record<string, string> => ({
  'content-type': RENDITION_CONTENT_TYPES[format],
  'cache-control': RENDITION_CACHE_CONTROL,
  vary: 'Accept',
  'content-disposition': 'inline',
  'content-length': String(body.byteLength),
});

/** The answer for a rendition's bytes: them, or for one too large for a Lambda's answer, a redirect to itself. */
export const renditionAnswer = (body: Uint8Array, address: RenditionAddress): Rendition => {
  if (body.byteLength > MAX_INLINE_BYTES) {
    return {
      status: 307,
      body: new Uint8Array(0),
      headers: { location: `${MEDIA_BASE}/r/${address.segment}/${address.key}`, 'cache-control': 'no-store' },
    };
  }
  return { status: 200, body, headers: renditionHeaders(body, address.format) };
};

/**
 * An object's bytes, or undefined when there is none. Without s3:ListBucket (not granted) S3 answers a missing
 * key with 403 AccessDenied instead of 404, so that counts as missing too.
 */
async function readObject(key: string): Promise<Uint8Array | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }));
    return object.Body ? await object.Body.transformToByteArray() : undefined;
  } catch (error) {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (name === 'NoSuchKey' || name === 'NotFound' || name === 'AccessDenied' || $metadata?.httpStatusCode === 404) {
      return undefined;
    }
    throw error;
  }
}

interface AssetFields {
  key?: string;
  status?: string;
  contentType?: string;
  focal?: { x: number; y: number };
}

/**
 * A file's record key, as functions/asset/keys.ts makes it (assetKey). Not imported: the asset Lambda imports this
 * folder's images.ts, and the functions/ folders import one another one way only (tests/unit/import-graph.test.ts).
 */
const assetRecordKey = (id: string) => entityKey('ASSET', id);

/** The fields of the file's record a rendition depends on, or undefined when there is no such file. */
async function readAsset(id: string): Promise<AssetFields | undefined> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: assetRecordKey(id),
      ProjectionExpression: '#key, #status, contentType, focal',
      ExpressionAttributeNames: { '#key': 'key', '#status': 'status' },
    }),
  );
  return out.Item as AssetFields | undefined;
}

const NO_SUCH = 'There is no such picture or rendition';

/**
 * Stores a rendition unless one is there already (S3's conditional write, If-None-Match: *): two edges that missed
 * at once both render, but the first copy stored is the one every later request gets. The loser's 412 is no error.
 */
async function storeOnce(objectKey: string, body: Uint8Array, format: RenditionFormat): Promise<void> {
  try {
    await s3().send(
      new PutObjectCommand({
        Bucket: config.mediaBucket,
        Key: objectKey,
        Body: body,
        IfNoneMatch: '*',
        ContentType: RENDITION_CONTENT_TYPES[format],
        CacheControl: RENDITION_CACHE_CONTROL,
        ContentDisposition: 'inline',
      }),
    );
  } catch (error) {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (name === 'PreconditionFailed' || $metadata?.httpStatusCode === 412) return;
    throw error;
  }
}

/** GET /media/r/{purpose}/{file}/{format}/{preset}: the stored rendition, or one made now and stored. */
export async function rendition(params: Record<string, string | undefined>): Promise<Rendition> {
  const address = parseAddress(params);
  if (!address) throw notFound(NO_SUCH);
  const objectKey = renditionObjectKey(address.key, address.format, address.segment);
  const stored = await readObject(objectKey);
  if (stored) return renditionAnswer(stored, address);

  const asset = await readAsset(address.id);
  if (asset?.status !== 'verified' || asset.key !== address.key || !isRenderable(asset.contentType ?? '')) {
    throw notFound(NO_SUCH);
  }
  const focal = asset.focal ?? CENTRE;
  if (isCrop(address.preset)) {
    // A crop is made only at the file's current focal point: an old point's address stays what it was cached as.
    const current = focalPercent(focal);
    if (address.focal?.x !== current.x || address.focal?.y !== current.y) throw notFound(NO_SUCH);
  }
  const source =
    (await readObject(originalObjectKey(address.key))) ?? (await readObject(publishedObjectKey(address.key)));
  if (!source) throw notFound(NO_SUCH);

  const { renderImage } = await import('./images');
  const made = await renderImage(Buffer.from(source), address.preset, address.format, focal);
  if (!made.ok) throw new HttpError(422, 'UnprocessableImage', made.reason);
  await storeOnce(objectKey, made.body, address.format);
  return renditionAnswer(made.body, address);
}
