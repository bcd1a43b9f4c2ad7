/** DynamoDB access for roles. The only code that knows role keys. */
import { BatchGetCommand, type BatchGetCommandOutput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Status } from '../../shared/constants';
import type { ModelPermissions } from '../../shared/permissions';
import { db, tableName } from '../lib/db/client';
import { counterKey } from '../lib/db/counter-keys';
import { roleKey, rolesIndexKeys } from '../lib/db/role-keys';

export interface RoleRecord {
  _id: string;
  name: string;
  description: string;
  status: Status;
  isEditable: boolean;
  modelPermissions: ModelPermissions;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** Roles by id, in one BatchGet per 100 ids; unknown ids are skipped. */
export async function getRolesByIds(ids: readonly string[]): Promise<RoleRecord[]> {
  const unique = [...new Set(ids)];
  const found: RoleRecord[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map(roleKey);
    for (let attempt = 0; keys && keys.length > 0 && attempt < 5; attempt++) {
      const out: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }),
      );
      found.push(...((out.Responses?.[tableName()] ?? []) as RoleRecord[]));
      keys = out.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
}

/** Creates a role and counts it, in one transaction. */
export async function insertRole(role: RoleRecord): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...roleKey(role._id), ...rolesIndexKeys(role.createdAt, role._id, role.status), ...role },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: counterKey('ROLE'),
            UpdateExpression: 'ADD #count :one',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    }),
  );
}
