import { S3Client } from '@aws-sdk/client-s3';
import { config } from './config';
import { tracer } from './observability';

let client: S3Client | undefined;
let presignClient: S3Client | undefined;

const make = (endpoint: string | undefined) =>
  new S3Client({
    region: config.region,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    // Checksums would make every presigned PUT carry a header browsers do not send.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

/** The client the functions use to talk to the media bucket, traced in Lambda (lib/observability.ts). */
export function s3(): S3Client {
  client ??= tracer().captureAWSv3Client(make(config.s3Endpoint));
  return client;
}

/** The client that signs URLs for browsers: locally they go through the gateway's /s3 proxy. */
export function s3ForBrowsers(): S3Client {
  presignClient ??= make(config.s3PublicEndpoint ?? config.s3Endpoint);
  return presignClient;
}

export function resetS3Clients(): void {
  client?.destroy();
  presignClient?.destroy();
  client = undefined;
  presignClient = undefined;
}
