/** s3rver: a local S3 that keeps objects in a folder. It accepts presigned URLs (it does not check them). */
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { freePort } from './ports';

/** Browsers PUT straight to the presigned URL, so the local bucket answers CORS like the AWS one. */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface RunningS3 {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3(options: { dir: string; bucket: string; port?: number }): Promise<RunningS3> {
  mkdirSync(options.dir, { recursive: true });
  const port = options.port ?? (await freePort());
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: options.dir,
    silent: true,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: options.bucket, configs: [CORS] }],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
    },
  };
}
