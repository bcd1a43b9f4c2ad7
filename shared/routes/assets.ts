/** Assets: uploads go straight to S3 with presigned requests, then the server checks each file. */
import {
  type AbortedUpload,
  type AssetPage,
  type AssetUses,
  type AssetView,
  assetDetailsSchema,
  assetListQuerySchema,
  type CompletedUpload,
  type CoversWithoutAlt,
  completeSchema,
  type OriginalDownload,
  type PartUrls,
  partsSchema,
  type StartedUpload,
  uploadStartSchema,
} from '../schemas/asset';
import { type ApiRoute, lambdaRoutes, need, returns, SIGNED_IN } from './kit';

const asset = lambdaRoutes('asset');

export const ASSET_ROUTES = [
  asset.get(
    '/asset',
    need('Asset', 'Read'),
    'The media library: files newest first, searched and filtered, by cursor',
    {
      query: assetListQuerySchema,
      result: returns<AssetPage>(),
    },
  ),
  asset.get('/asset/needs-alt', need('Asset', 'Read'), 'Images used as a cover that still have no alt text', {
    result: returns<CoversWithoutAlt>(),
  }),
  asset.patch(
    '/asset/{id}',
    SIGNED_IN,
    "A file's alt text, caption, credit and focal point (its uploader, or Edit on Asset)",
    { body: assetDetailsSchema, checksRecordFirst: true, result: returns<AssetView>() },
  ),
  asset.delete('/asset/{id}', need('Asset', 'Edit'), 'Remove a file no record uses (409 with where it is used)', {
    result: returns<{ _id: string; status: 'removed' }>(),
  }),
  asset.get('/asset/{id}/uses', SIGNED_IN, 'Where a file is used (its uploader, or Read on Asset)', {
    result: returns<AssetUses>(),
  }),
  asset.get(
    '/asset/{id}/original',
    SIGNED_IN,
    'A five-minute link to the untouched upload, metadata and all (its uploader, or Read on Asset)',
    { result: returns<OriginalDownload>() },
  ),
  asset.get(
    '/asset/{id}',
    SIGNED_IN,
    'One asset (its uploader, or Read on Asset; records carry the details of the files they use)',
    { result: returns<AssetView>() },
  ),
  asset.post('/asset/upload', SIGNED_IN, 'Start an upload: presigned PUT or multipart', {
    body: uploadStartSchema,
    result: returns<StartedUpload>(),
  }),
  asset.post('/asset/{id}/parts', SIGNED_IN, 'Presigned URLs for multipart parts', {
    body: partsSchema,
    checksRecordFirst: true,
    result: returns<PartUrls>(),
  }),
  asset.post('/asset/{id}/complete', SIGNED_IN, 'Finish and verify an upload', {
    body: completeSchema,
    checksRecordFirst: true,
    result: returns<CompletedUpload>(),
  }),
  asset.delete('/asset/{id}/upload', SIGNED_IN, 'Abort an upload', { result: returns<AbortedUpload>() }),
] as const satisfies readonly ApiRoute[];
