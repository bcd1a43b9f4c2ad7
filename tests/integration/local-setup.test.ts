import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { type AssetRecord, insertAsset } from '../../functions/asset/model';
import { DEFAULT_MEDIA_BUCKET, INDEX_LIST } from '../../functions/lib/db/table';
import { newId, nowIso } from '../../functions/lib/ids';
import { ensureTable, moveLegacyMedia } from '../../infra/local/setup';
import './helpers';

describe('the local table', () => {
  it('gains the indexes added since a `.data/` table was created', async () => {
    const endpoint = inject('dynamoEndpoint');
    const client = new DynamoDBClient({ endpoint, region: 'us-east-1' });
    const TableName = `legacy-${newId()}`;
    // A table as an older version created it: one index only.
    await client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((AttributeName) => ({
          AttributeName,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    try {
      expect(await ensureTable(endpoint, TableName)).toBe('exists');
      const { Table } = await client.send(new DescribeTableCommand({ TableName }));
      expect((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort()).toEqual(
        INDEX_LIST.map((i) => i.name).sort(),
      );
    } finally {
      await client.send(new DeleteTableCommand({ TableName }));
      client.destroy();
    }
  });
});

describe('local media from before the uploads/ and media/ prefixes', () => {
  it('moves checked files under media/ (same URL) and deletes files that were never checked', async () => {
    const endpoint = inject('s3Endpoint');
    const bucket = DEFAULT_MEDIA_BUCKET;
    const s3 = new S3Client({ endpoint, forcePathStyle: true, region: 'us-east-1' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const legacy = async (status: AssetRecord['status']) => {
      const id = newId();
      const key = `cover-image/${id.toLowerCase()}.png`;
      const now = nowIso();
      await insertAsset({
        _id: id,
        key,
        name: 'old.png',
        contentType: 'image/png',
        purpose: 'cover-image',
        declaredSize: png.length,
        size: png.length,
        status,
        owner: newId(),
        createdAt: now,
        updatedAt: now,
        version: 1,
      });
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: png, ContentType: 'image/png' }));
      return key;
    };
    const checked = await legacy('verified');
    const unchecked = await legacy('pending');
    const origin = inject('apiUrl').replace(/\/api$/, '');
    expect((await fetch(`${origin}/media/${checked}`)).status).toBe(404);

    const result = await moveLegacyMedia(endpoint, bucket);
    expect(result.moved).toBeGreaterThanOrEqual(1);
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    const served = await fetch(`${origin}/media/${checked}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    expect((await fetch(`${origin}/media/${unchecked}`)).status).toBe(404);
    const left = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'cover-image/' }));
    expect(left.Contents ?? []).toEqual([]);
    s3.destroy();
  });
});
