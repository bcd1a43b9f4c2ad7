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

  it('lets the asset Lambda delete only uploads and write only uploads/, media/ and the private originals/', () => {
    expect(resourcesAllowing('asset', 's3:DeleteObject')).toEqual([objectArn('uploads/')]);
    expect(resourcesAllowing('asset', 's3:PutObject')).toEqual(
      expect.arrayContaining([objectArn('uploads/'), objectArn('media/'), objectArn('originals/')]),
    );
    expect(resourcesAllowing('asset', 's3:PutObject')).toHaveLength(3);
    expect(resourcesAllowing('article-import', 's3:GetObject')).toEqual([objectArn('media/')]);
  });

  it("names every S3 action: no wildcard action, nothing on the bucket itself but the sweeper's listing of renditions", () => {
    for (const name of ALL_FUNCTIONS) {
      const all = dev.statementsOf(name).filter((st) => JSON.stringify(st.Action).includes('s3:'));
      const listing = all.filter((st) => JSON.stringify(st.Action).includes('s3:ListBucket'));
      // The media sweeper lists one removed file's renditions by their prefix, and nothing else.
      expect(listing.length, name).toBe(name === MEDIA_SWEEPER ? 1 : 0);
      for (const st of listing) {
        expect(st.Action, name).toEqual('s3:ListBucket');
        expect(st.Condition, name).toEqual({ StringLike: { 's3:prefix': ['media/r/*'] } });
      }
      const s3 = all.filter((st) => !listing.includes(st));
      expect(
        s3.flatMap((st) => st.Action).filter((a) => a.includes('*')),
        name,
      ).toEqual([]);
      for (const st of s3)
        expect(JSON.stringify(st.Resource), name).toMatch(/\/(uploads|media|originals|media\/r)\/\*/);
    }
  });

  it('lets the media sweeper delete checked files and their private originals, and list renditions, and nothing else', () => {
    expect(resourcesAllowing(MEDIA_SWEEPER, 's3:DeleteObject')).toEqual([objectArn('media/'), objectArn('originals/')]);
    expect(dev.actionsOf(MEDIA_SWEEPER).filter((a) => a.startsWith('s3:') && !a.startsWith('s3:DeleteObject'))).toEqual(
      ['s3:ListBucket'],
    );
  });

  it('lets only the asset Lambda write media (multipart included), and only it and the sweeper delete', () => {
    const asset = dev.actionsOf('asset');
    // The uploader keeps its parts' ETags itself (web/src/upload/create-uppy.ts): S3's ListParts is never called.
    for (const action of ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload']) {
      expect(allows(asset, action), action).toBe(true);
    }
    // The render Lambda puts renditions, and only under media/r/ (storage.ts grantRenditions).
    expect(resourcesAllowing('media-render', 's3:PutObject')).toEqual([objectArn('media/r/')]);
    for (const name of ALL_FUNCTIONS.filter((n) => n !== 'asset')) {
      const actions = dev.actionsOf(name);
      expect(allows(actions, 's3:PutObject'), name).toBe(name === 'media-render');
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
    // The render Lambda reads a picture's original (or its served copy, for one checked before originals were kept).
    const renderReads = resourcesAllowing('media-render', 's3:GetObject');
    expect(renderReads).toEqual(expect.arrayContaining([objectArn('originals/'), objectArn('media/')]));
    expect(renderReads).toHaveLength(2);
    expect(
      dev
        .actionsOf('media-render')
        .filter((a) => a.startsWith('s3:'))
        .sort(),
    ).toEqual(['s3:GetObject', 's3:PutObject']);
    for (const name of ALL_FUNCTIONS.filter(
      (n) => !['asset', 'article-import', 'media-render', MEDIA_SWEEPER].includes(n),
    )) {
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
