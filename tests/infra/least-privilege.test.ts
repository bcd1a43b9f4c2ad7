/** Least privilege: what each Lambda's role allows, on the table, the media bucket and the secrets. */
import { describe, expect, it } from 'vitest';
import { INDEX_LIST } from '../../functions/lib/db/table';
import {
  BACKGROUND_FUNCTIONS,
  type FunctionName,
  MEDIA_SWEEPER,
  TABLE_LEADING_KEYS,
  tableActions,
  WITHOUT_SIGN_IN,
} from '../../infra/aws/functions';
import { LAMBDAS, type LambdaName } from '../../shared/api';
import { ALL_FUNCTIONS, allows, synthOnce } from './synth';

const dev = synthOnce();

describe('least privilege', () => {
  const mediaBucketArn = () => ({ 'Fn::GetAtt': [dev.logicalId(dev.stack.mediaBucket.node.defaultChild), 'Arn'] });

  const tableArn = () => ({ 'Fn::GetAtt': [dev.logicalId(dev.stack.table.node.defaultChild), 'Arn'] });

  it('gives each Lambda its item actions on the table, Query on each index by name, and never Scan or a wildcard', () => {
    for (const name of ALL_FUNCTIONS) {
      const statements = dev.statementsOf(name).filter((st) => JSON.stringify(st.Action).includes('dynamodb:'));
      const onTable = statements.filter((st) => JSON.stringify(st.Resource) === JSON.stringify(tableArn()));
      const itemActions = onTable.flatMap((st) => st.Action);
      expect([...itemActions].sort(), name).toEqual([...tableActions(name)].sort());
      const dynamo = dev.actionsOf(name).filter((a) => a.startsWith('dynamodb:'));
      for (const denied of [
        'dynamodb:Scan',
        'dynamodb:DescribeTable',
        'dynamodb:DeleteTable',
        'dynamodb:UpdateTable',
      ]) {
        expect(allows(dynamo, denied), `${name} ${denied}`).toBe(false);
      }
      expect(
        dynamo.filter((a) => a.includes('*')),
        name,
      ).toEqual([]);
      expect(JSON.stringify(statements), name).not.toContain('/index/*');
      // Held to key prefixes (dynamodb:LeadingKeys, delivery.test.ts): no index, whose keys the condition cannot hold.
      if (TABLE_LEADING_KEYS[name]) {
        expect(JSON.stringify(statements), name).not.toContain('/index/');
        for (const st of onTable) expect(JSON.stringify(st), name).toContain('dynamodb:LeadingKeys');
      } else if (tableActions(name).includes('dynamodb:Query')) {
        const indexes = statements.filter((st) => JSON.stringify(st.Resource).includes('/index/'));
        expect(indexes, name).toEqual([
          expect.objectContaining({
            Action: 'dynamodb:Query',
            Resource: INDEX_LIST.map((index) => ({ 'Fn::Join': ['', [tableArn(), `/index/${index.name}`]] })),
          }),
        ]);
      }
    }
    // The OpenAPI document needs no table at all.
    expect(dev.actionsOf('docs').filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
  });

  it('lets each Lambda write its own log group only (no AWSLambdaBasicExecutionRole)', () => {
    for (const name of ALL_FUNCTIONS) {
      const role = dev.props(dev.logicalId(dev.stack.functions.get(name)?.role?.node.defaultChild));
      expect(role.ManagedPolicyArns, name).toBeUndefined();
      const logGroupId = dev.logicalId(dev.stack.node.findChild(`${name}-logs`).node.defaultChild);
      const logs = dev.statementsOf(name).filter((st) => JSON.stringify(st.Action).includes('logs:'));
      expect(logs, name).toEqual([
        expect.objectContaining({
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] },
        }),
      ]);
    }
  });

  const objectArn = (prefix: string) => ({ 'Fn::Join': ['', [mediaBucketArn(), `/${prefix}*`]] });
  /** The resources an asset statement allowing `action` covers. */
  const resourcesAllowing = (name: FunctionName, action: string) =>
    dev
      .statementsOf(name)
      .filter((st) => allows([st.Action].flat(), action))
      .flatMap((st) => (Array.isArray(st.Resource) ? st.Resource : [st.Resource]));

  it('lets the asset Lambda delete only uploads and write only uploads/ and media/', () => {
    expect(resourcesAllowing('asset', 's3:DeleteObject')).toEqual([objectArn('uploads/')]);
    expect(resourcesAllowing('asset', 's3:PutObject')).toEqual(
      expect.arrayContaining([objectArn('uploads/'), objectArn('media/')]),
    );
    expect(resourcesAllowing('asset', 's3:PutObject')).toHaveLength(2);
    expect(resourcesAllowing('article-import', 's3:GetObject')).toEqual([objectArn('media/')]);
  });

  it('names every S3 action: no wildcard action, nothing on the bucket itself (no listing)', () => {
    for (const name of ALL_FUNCTIONS) {
      const s3 = dev.statementsOf(name).filter((st) => JSON.stringify(st.Action).includes('s3:'));
      expect(
        s3.flatMap((st) => st.Action).filter((a) => a.includes('*')),
        name,
      ).toEqual([]);
      for (const st of s3) expect(JSON.stringify(st.Resource), name).toMatch(/\/(uploads|media)\/\*/);
    }
  });

  it('lets the media sweeper delete checked files and nothing else in S3', () => {
    expect(resourcesAllowing(MEDIA_SWEEPER, 's3:DeleteObject')).toEqual([objectArn('media/')]);
    expect(dev.actionsOf(MEDIA_SWEEPER).filter((a) => a.startsWith('s3:') && !a.startsWith('s3:DeleteObject'))).toEqual(
      [],
    );
  });

  it('lets only the asset Lambda write media (multipart included), and only it and the sweeper delete', () => {
    const asset = dev.actionsOf('asset');
    // The uploader keeps its parts' ETags itself (web/src/upload/create-uppy.ts): S3's ListParts is never called.
    for (const action of ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload']) {
      expect(allows(asset, action), action).toBe(true);
    }
    for (const name of ALL_FUNCTIONS.filter((n) => n !== 'asset')) {
      const actions = dev.actionsOf(name);
      expect(allows(actions, 's3:PutObject'), name).toBe(false);
      expect(allows(actions, 's3:DeleteObject'), name).toBe(name === MEDIA_SWEEPER);
    }
  });

  it('lets cms read media, and no other Lambda touch S3', () => {
    const readers: LambdaName[] = ['article-import'];
    for (const name of readers) {
      expect(allows(dev.actionsOf(name), 's3:GetObject'), name).toBe(true);
    }
    for (const name of ['asset', ...readers] as const) {
      for (const st of dev.statementsOf(name).filter((s) => JSON.stringify(s.Action).includes('s3:'))) {
        // Only the media bucket, never the web bucket.
        expect(JSON.stringify(st.Resource), name).toContain(JSON.stringify(mediaBucketArn()));
      }
    }
    for (const name of ALL_FUNCTIONS.filter((n) => !['asset', 'article-import', MEDIA_SWEEPER].includes(n))) {
      expect(
        dev.actionsOf(name).filter((a) => a.startsWith('s3:')),
        name,
      ).toEqual([]);
    }
  });

  it('lets route Lambdas read the secrets (those without sign-in only the origin secret) and keeps the publisher away from them', () => {
    const jwtSecretId = dev.logicalId(dev.stack.node.findChild('JwtSecret').node.defaultChild);
    for (const name of LAMBDAS) {
      expect(allows(dev.actionsOf(name), 'secretsmanager:GetSecretValue'), name).toBe(true);
      expect(JSON.stringify(dev.statementsOf(name)).includes(jwtSecretId), name).toBe(!WITHOUT_SIGN_IN.includes(name));
    }
    for (const name of BACKGROUND_FUNCTIONS) {
      expect(
        dev.actionsOf(name).filter((a) => a.startsWith('secretsmanager:')),
        name,
      ).toEqual([]);
    }
  });
});
