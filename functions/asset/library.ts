/**
 * The media library (functions/README.md, "Media library"): checked files newest first, searched and filtered;
 * what staff edit of a file (alt text, caption, credit, focal point); where it is used; its untouched original for
 * staff; and Remove, refused while anything uses it.
 *
 * Remove is safe against a save racing it without a lock across records: it marks the file `removed` (a versioned
 * write), after which no save can newly reference it (requireVerifiedFiles reads the file consistently and wants
 * `verified`). A save that read it just before is already on its way into the file's uses, which the stream keeps;
 * so the bytes are deleted only by the media sweeper, MEDIA_LIBRARY.removalGraceSeconds later, and only if the
 * uses are still empty then; otherwise the file is put back.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MEDIA_LIBRARY, PRESIGNED_URL_TTL_SECONDS } from '../../shared/constants';
import { canAccess } from '../../shared/permissions';
import { CENTRE, isRenderable, renditionsOf } from '../../shared/renditions';
import type {
  AssetDetailsInput,
  AssetListQuery,
  AssetPage,
  AssetUses,
  AssetView,
  CoversWithoutAlt,
  OriginalDownload,
} from '../../shared/schemas/asset';
import type { NamedRef } from '../../shared/schemas/common';
import { config } from '../lib/config';
import { batchGet } from '../lib/db/reads';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../lib/errors';
import { nowIso } from '../lib/ids';
import { originalObjectKey, publishedObjectKey } from '../lib/media-keys';
import { s3ForBrowsers } from '../lib/s3';
import { searchable } from '../lib/text';
import type { AuthUser } from '../user/auth-user';
import { userKey } from '../user/model';
import { mediaUrl } from './keys';
import { type AssetRecord, getAsset, getAssets, kindOf, type LibraryRead, readLibrary, replaceAsset } from './model';
import { coverUsesWithoutAlt, relistCovers, titledUses, usedAsCover, usesOf } from './uses';

/** An asset as the API shows it, with its uploader's name when known. */
export function assetView(asset: AssetRecord, uploader?: NamedRef): AssetView {
  const focal = asset.focal ?? CENTRE;
  return {
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
    kind: kindOf(asset.contentType),
    width: asset.width,
    height: asset.height,
    alt: asset.alt,
    caption: asset.caption,
    credit: asset.credit,
    focal,
    renditions: asset.status === 'verified' ? renditionsOf(asset.key, asset.contentType, asset, focal) : [],
    uploader,
    createdAt: asset.createdAt,
    version: asset.version,
  };
}

/** The uploaders' names, by id, in one read. */
async function uploaderNames(assets: readonly AssetRecord[]): Promise<Map<string, NamedRef>> {
  const ids = [...new Set(assets.map((a) => a.owner))];
  if (ids.length === 0) return new Map();
  const users = await batchGet(ids.map(userKey));
  return new Map(
    users.map((u) => [String(u._id), { _id: String(u._id), name: typeof u.name === 'string' ? u.name : '' }]),
  );
}

/** One asset as the API shows it, with its uploader's name (the file panel's "Uploaded by"). */
export async function assetViewWithUploader(asset: AssetRecord): Promise<AssetView> {
  const [view] = await viewsOf([asset]);
  return view as AssetView;
}

async function viewsOf(assets: readonly AssetRecord[]): Promise<AssetView[]> {
  const names = await uploaderNames(assets);
  return assets.map((a) => assetView(a, names.get(a.owner)));
}

/** The cursor is the sort key the next read starts after, in an address-safe form. */
const encodeCursor = (sortKey: string) => Buffer.from(sortKey, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9A-HJKMNP-TV-Z]{26}$/.test(key)) throw badRequest('Not a valid page cursor');
  return key;
}

/**
 * GET /asset. The narrowest index the filters allow is read (an uploader's files, or one kind's, or all), the
 * date range is its sort-key range, and what no key can narrow (the other filter, the text) is checked on each
 * file read, within a read budget a page.
 */
export async function listLibrary(query: AssetListQuery): Promise<AssetPage> {
  const from = query.from ? new Date(query.from).toISOString() : undefined;
  const to = query.to ? new Date(query.to).toISOString() : undefined;
  if (from && to && from > to) throw badRequest('The start date must be before the end date');
  const words = searchable(query.q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const read: LibraryRead = query.uploader
    ? { index: 'gsi4', value: query.uploader, accept: () => true, limit: query.limit }
    : query.kind
      ? { index: 'gsi3', value: query.kind, accept: () => true, limit: query.limit }
      : { index: 'gsi1', accept: () => true, limit: query.limit };
  read.from = from;
  read.to = to;
  read.after = query.cursor ? decodeCursor(query.cursor) : undefined;
  read.accept = (asset) =>
    asset.status === 'verified' &&
    (!query.kind || kindOf(asset.contentType) === query.kind) &&
    words.every((w) => (asset.searchText ?? '').includes(w));
  const page = await readLibrary(read);
  return {
    list: await viewsOf(page.list),
    ...(page.next ? { next: encodeCursor(page.next) } : {}),
    ...(page.partial ? { partial: true } : {}),
  };
}

/** A file its uploader or a holder of `action` on Asset may reach; 404 for files not in the library. */
async function reachableAsset(actor: AuthUser, id: string, action: 'Read' | 'Edit'): Promise<AssetRecord> {
  const asset = await getAsset(id);
  if (asset?.status !== 'verified') throw notFound('No such file');
  if (asset.owner !== actor._id && !canAccess(actor, 'Asset', [action])) throw forbidden();
  return asset;
}

/**
 * PATCH /asset/{id}: alt text, caption, credit, focal point (an image's only). `readBody` is called once the caller
 * may edit the file (ApiRoute.checksRecordFirst).
 */
export async function updateDetails(
  actor: AuthUser,
  id: string,
  readBody: () => AssetDetailsInput,
): Promise<AssetView> {
  const asset = await reachableAsset(actor, id, 'Edit');
  const input = readBody();
  if (asset.version !== input.version) throw staleVersion();
  if (input.focal && !isRenderable(asset.contentType)) throw badRequest('Only a photo or a graphic has a focal point');
  const text = (value: string | undefined, was: string | undefined) => (value === undefined ? was : value || undefined);
  const next: AssetRecord = {
    ...asset,
    alt: text(input.alt, asset.alt),
    caption: text(input.caption, asset.caption),
    credit: text(input.credit, asset.credit),
    focal: input.focal
      ? { x: Math.round(input.focal.x * 100) / 100, y: Math.round(input.focal.y * 100) / 100 }
      : asset.focal,
    updatedAt: nowIso(),
    version: asset.version + 1,
  };
  if (asset.alt && !next.alt) {
    if (await usedAsCover(id, asset.coverClaims)) {
      throw badRequest('This picture is a cover: its alt text can be changed but not emptied');
    }
    // Every claim was checked and none holds it as a cover any more; the count stays, for the write's condition.
    next.coverClaims = undefined;
  }
  await replaceAsset(asset, next, STALE_MESSAGE);
  if (!asset.alt !== !next.alt) await relistCovers(id, !next.alt);
  return assetViewWithUploader(next);
}
const STALE_MESSAGE =
  'This file was changed by someone else since you opened it; reload it and apply your change again';

/** GET /asset/{id}/uses. */
export async function assetUses(actor: AuthUser, id: string): Promise<AssetUses> {
  await reachableAsset(actor, id, 'Read');
  return { uses: await usesOf(id) };
}

/** How a refusal names the places a file is used. */
const placesText = (uses: AssetUses['uses']) =>
  uses
    .slice(0, 5)
    .map(
      (u) =>
        `${u.kind === 'site' ? 'the site settings' : `${u.kind} “${u.title}”`} (${u.field}${u.trashed ? ', in the trash' : ''})`,
    )
    .join('; ') + (uses.length > 5 ? `; and ${uses.length - 5} more` : '');

/** DELETE /asset/{id}: refused while used; otherwise out of the library at once, its bytes after the grace period. */
export async function removeAsset(id: string): Promise<{ _id: string; status: 'removed' }> {
  const asset = await getAsset(id);
  if (asset?.status !== 'verified') throw notFound('No such file');
  const uses = await usesOf(id);
  if (uses.length > 0) throw conflict(`This file is in use and cannot be removed: ${placesText(uses)}`);
  const now = nowIso();
  await replaceAsset(
    asset,
    { ...asset, status: 'removed', removedAt: now, updatedAt: now, version: asset.version + 1 },
    'This file was changed at the same time; try again',
  );
  return { _id: id, status: 'removed' };
}

/**
 * GET /asset/{id}/original: a five-minute download link to the untouched upload (EXIF and all), which no public
 * address serves. Files checked before originals were kept apart have only their published copy.
 */
export async function originalDownload(actor: AuthUser, id: string): Promise<OriginalDownload> {
  const asset = await reachableAsset(actor, id, 'Read');
  const objectKey = asset.originalKept ? originalObjectKey(asset.key) : publishedObjectKey(asset.key);
  // A header is ASCII: `filename` gets an ASCII stand-in, `filename*` the name itself (RFC 6266), which browsers use.
  const fileName = asset.name.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\]/g, '_');
  // RFC 5987 leaves out ' ( ) *, which encodeURIComponent keeps: an apostrophe would end the encoded name early.
  const encodedName = encodeURIComponent(asset.name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  const url = await getSignedUrl(
    s3ForBrowsers(),
    new GetObjectCommand({
      Bucket: config.mediaBucket,
      Key: objectKey,
      ResponseContentDisposition: `attachment; filename="${fileName}"; filename*=UTF-8''${encodedName}`,
    }),
    { expiresIn: PRESIGNED_URL_TTL_SECONDS },
  );
  return { url, expiresAt: new Date(Date.now() + PRESIGNED_URL_TTL_SECONDS * 1000).toISOString() };
}

/** GET /asset/needs-alt: files used as a cover while they have no alt text, each with where it is a cover. */
export async function coversWithoutAlt(): Promise<CoversWithoutAlt> {
  const covers = await coverUsesWithoutAlt(MEDIA_LIBRARY.maxPageSize * 5);
  const assets = (await getAssets([...covers.keys()])).filter((a) => a.status === 'verified' && !a.alt);
  const shown = assets.slice(0, MEDIA_LIBRARY.maxPageSize);
  // The shown files' uploaders and their stories' titles, read side by side, one batch each.
  const [views, uses] = await Promise.all([
    viewsOf(shown),
    titledUses(new Map(shown.map((a) => [a._id, covers.get(a._id) ?? []]))),
  ]);
  return { list: views.map((view) => ({ ...view, uses: uses.get(view._id) ?? [] })) };
}
