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
import { type ApiRoute, lambdaRoutes, returns, SIGNED_IN } from './kit';

const asset = lambdaRoutes('asset');

export const ASSET_ROUTES = [
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
    result: returns<PartUrls>(),
  }),
  asset.post('/asset/{id}/complete', SIGNED_IN, 'Finish and verify an upload', {
    body: completeSchema,
    result: returns<CompletedUpload>(),
  }),
  asset.delete('/asset/{id}/upload', SIGNED_IN, 'Abort an upload', { result: returns<AbortedUpload>() }),
] as const satisfies readonly ApiRoute[];
