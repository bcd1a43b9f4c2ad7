import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { INDEX_LIST } from '../../functions/lib/db/table';
import { newId } from '../../functions/lib/ids';
import { ensureTable } from '../../infra/local/setup';
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
