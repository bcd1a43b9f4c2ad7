/** Assets: uploads go straight to S3 with presigned requests, then the server checks each file. */
import {
  type AbortedUpload,
  type AssetView,
  type CompletedUpload,
  completeSchema,
  type PartUrls,
  partsSchema,
  type StartedUpload,
  uploadStartSchema,
} from '../schemas/asset';
import { type ApiRoute, returns, SIGNED_IN } from './kit';

export const ASSET_ROUTES = [
  {
    method: 'GET',
    path: '/asset/{id}',
    lambda: 'asset',
    access: SIGNED_IN,
    summary: 'One asset (its uploader, or Read on Asset; records carry the details of the files they use)',
    result: returns<AssetView>(),
  },
  {
    method: 'POST',
    path: '/asset/upload',
    lambda: 'asset',
    access: SIGNED_IN,
    summary: 'Start an upload: presigned PUT or multipart',
    body: uploadStartSchema,
    result: returns<StartedUpload>(),
  },
  {
    method: 'POST',
    path: '/asset/{id}/parts',
    lambda: 'asset',
    access: SIGNED_IN,
    summary: 'Presigned URLs for multipart parts',
    body: partsSchema,
    result: returns<PartUrls>(),
  },
  {
    method: 'POST',
    path: '/asset/{id}/complete',
    lambda: 'asset',
    access: SIGNED_IN,
    summary: 'Finish and verify an upload',
    body: completeSchema,
    result: returns<CompletedUpload>(),
  },
  {
    method: 'DELETE',
    path: '/asset/{id}/upload',
    lambda: 'asset',
    access: SIGNED_IN,
    summary: 'Abort an upload',
    result: returns<AbortedUpload>(),
  },
] as const satisfies readonly ApiRoute[];
