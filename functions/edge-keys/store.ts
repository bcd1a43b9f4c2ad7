/**
 * The CloudFront KeyValueStore of live content keys, as sync.ts's EdgeKeyStore: every write conditional on the
 * store's ETag. The API is signed with SigV4A (the store is global): `@aws-sdk/signature-v4a` is the SDK's
 * JavaScript signer, registered by importing it, instead of the native CRT one.
 */
import '@aws-sdk/signature-v4a';
import {
  type CloudFrontKeyValueStoreClient,
  DeleteKeyCommand,
  DescribeKeyValueStoreCommand,
  PutKeyCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import type { EdgeKeyStore } from './sync';

const etagOf = (answer: { ETag?: string }) => {
  if (!answer.ETag) throw new Error('The key value store answered without an ETag');
  return answer.ETag;
};

/** The store `kvsArn`, reached with `client`. */
export function keyValueStore(client: CloudFrontKeyValueStoreClient, kvsArn: string): EdgeKeyStore {
  return {
    etag: async () => etagOf(await client.send(new DescribeKeyValueStoreCommand({ KvsARN: kvsArn }))),
    put: async (id, hash, ifMatch) =>
      etagOf(await client.send(new PutKeyCommand({ KvsARN: kvsArn, Key: id, Value: hash, IfMatch: ifMatch }))),
    remove: async (id, ifMatch) => {
      try {
        return etagOf(await client.send(new DeleteKeyCommand({ KvsARN: kvsArn, Key: id, IfMatch: ifMatch })));
      } catch (error) {
        // Not there: a key revoked before, or never live, or this delete made already by an earlier try.
        if (error instanceof Error && error.name === 'ResourceNotFoundException') return undefined;
        throw error;
      }
    },
  };
}
