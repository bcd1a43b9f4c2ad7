/** The synthesized Lambdas: runtime, memory, environment, schedules, and the table stream's consumer. */
import { describe, expect, it } from 'vitest';
import { TEST_BCRYPT_COST_ENV } from '../../functions/lib/passwords';
import { NAMED_RECORDS } from '../../functions/name-sync/sources';
import {
  AD_TOKEN_SIGNING,
  BACKGROUND_FUNCTIONS,
  type FunctionName,
  MEDIA_SWEEPER,
  NAME_SYNC,
  PREVIEW_SIGNING,
  PUBLISHER,
  STREAM_FUNCTIONS,
  TRASH_SWEEPER,
  WITHOUT_SIGN_IN,
} from '../../infra/aws/functions';
import { LAMBDAS } from '../../shared/api';
import { ALL_FUNCTIONS, allows, synthOnce } from './synth';

const dev = synthOnce();

describe('Lambdas', () => {
  it('are one per LAMBDAS entry plus the publisher, the two sweepers and name-sync, Node 22 on arm64', () => {
    expect([...dev.stack.functions.keys()].sort()).toEqual([...ALL_FUNCTIONS].sort());
    for (const name of ALL_FUNCTIONS) {
      const fn = dev.props(dev.functionId(name));
      expect(fn.Runtime, name).toBe('nodejs22.x');
      expect(fn.Architectures, name).toEqual(['arm64']);
      expect(fn.MemorySize, name).toBe(
        (BACKGROUND_FUNCTIONS as readonly string[]).includes(name)
          ? 256
          : name === 'user-import' || name === 'article-import'
            ? 1769
            : // sharp: the picture work of the upload check and the renditions (functions.ts MEMORY_MB).
              name === 'asset' || name === 'media-render'
              ? 1536
              : 512,
      );
    }
  });

  it('each ship their own bundle (infra/aws/bundling.ts → lambdaCode), whose index.js exports the handler', () => {
    const keys = ALL_FUNCTIONS.map((name) => {
      const fn = dev.props(dev.functionId(name));
      expect(fn.Handler, name).toBe('index.handler');
      return JSON.stringify((fn.Code as { S3Key: unknown }).S3Key);
    });
    expect(new Set(keys).size).toBe(ALL_FUNCTIONS.length);
  });

  it('give route Lambdas the table, bucket and secrets (docs and content no JWT secret); the publisher only the table', () => {
    /** A function's own variables: not the extension's, not Powertools' (checked in observability.test.ts). */
    const own = (name: FunctionName) =>
      Object.keys(dev.envOf(name))
        .filter((k) => !/^(PARAMETERS_SECRETS_|SECRETS_MANAGER_|SSM_PARAMETER_|POWERTOOLS_)/.test(k))
        .sort();
    for (const name of LAMBDAS) {
      expect(own(name), name).toEqual(
        [
          ...(WITHOUT_SIGN_IN.includes(name) ? [] : ['JWT_SECRET_ARN']),
          // The article Lambda signs preview tokens, the preview Lambda checks them (functions/preview/token.ts).
          ...(PREVIEW_SIGNING.includes(name) ? ['PREVIEW_SECRET_ARN'] : []),
          // Only the ad-serving Lambda signs and checks ad tokens (functions/ad-serving/token.ts).
          ...(AD_TOKEN_SIGNING.includes(name) ? ['AD_TOKEN_SECRET_ARN'] : []),
          'MEDIA_BUCKET',
          'ORIGIN_SECRET_ARN',
          'TABLE_NAME',
          // Redeliver queues a webhook delivery (delivery.test.ts).
          ...(name === 'site-management' ? ['WEBHOOK_QUEUE_URL'] : []),
        ].sort(),
      );
      // The secret comes through AWS's Parameters and Secrets extension layer, with its cache on.
      expect(dev.envOf(name).PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED, name).toBe('true');
      const layers = dev.props(dev.functionId(name)).Layers as unknown[];
      expect(JSON.stringify(layers), name).toMatch(/Paramsandsecrets/i);
    }
    expect(own(PUBLISHER)).toEqual(['TABLE_NAME']);
    // The sweeper purges a removed file's addresses from the CDN through the invalidation queue.
    expect(own(MEDIA_SWEEPER)).toEqual(['INVALIDATION_QUEUE_URL', 'MEDIA_BUCKET', 'TABLE_NAME']);
    expect(own(NAME_SYNC)).toEqual(['TABLE_NAME']);
    expect(own(TRASH_SWEEPER)).toEqual(['TABLE_NAME']);
    for (const name of BACKGROUND_FUNCTIONS) expect(dev.props(dev.functionId(name)).Layers, name).toBeUndefined();
  });

  it('hash passwords at the production bcrypt cost: no function carries the test stacks’ lower cost', () => {
    for (const name of ALL_FUNCTIONS) expect(dev.envOf(name), name).not.toHaveProperty(TEST_BCRYPT_COST_ENV);
  });

  it('reserve concurrency for the bulk and scheduled writers only', () => {
    for (const name of ALL_FUNCTIONS) {
      expect(dev.props(dev.functionId(name)).ReservedConcurrentExecutions, name).toBe(
        { 'user-import': 2, [PUBLISHER]: 2, [MEDIA_SWEEPER]: 1, [TRASH_SWEEPER]: 1 }[name as string],
      );
    }
  });

  it('runs the media sweeper every hour', () => {
    dev.expectSchedule(MEDIA_SWEEPER, 'rate(1 hour)');
  });

  it('runs the trash sweeper every hour, with five minutes to delete what expired', () => {
    dev.expectSchedule(TRASH_SWEEPER, 'rate(1 hour)');
    expect(dev.props(dev.functionId(TRASH_SWEEPER)).Timeout).toBe(300);
  });

  it('runs the publisher every minute', () => {
    dev.expectSchedule(PUBLISHER, 'rate(1 minute)');
  });
});

describe('name sync (the table stream)', () => {
  const tableId = () => dev.logicalId(dev.stack.table.node.defaultChild);
  const mappingOf = () => {
    const found = dev
      .ofType('AWS::Lambda::EventSourceMapping')
      .filter(
        ([, m]) => JSON.stringify(m.Properties?.FunctionName) === JSON.stringify({ Ref: dev.functionId(NAME_SYNC) }),
      );
    expect(found).toHaveLength(1);
    return found[0]?.[1].Properties ?? {};
  };

  it('turns on the table stream with the old and new images', () => {
    expect(dev.props(tableId()).StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('maps the stream to name-sync in batches of 100 gathered for a second, bisecting and retrying a bounded number of times', () => {
    expect(mappingOf()).toMatchObject({
      FunctionName: { Ref: dev.functionId(NAME_SYNC) },
      EventSourceArn: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 1,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 12 * 3600,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // A batch may hold the renames of many records, each refreshing all the rows that show its name.
    expect(dev.props(dev.functionId(NAME_SYNC)).Timeout).toBe(900);
  });

  it('lets only MODIFY events of categories, users and clients (not sessions or second factors) through', () => {
    const filters = (mappingOf().FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(filters).toEqual(
      NAMED_RECORDS.map((named) => ({
        eventName: ['MODIFY'],
        dynamodb: { Keys: { pk: { S: [{ prefix: named.pkPrefix }] }, sk: { S: [named.sk] } } },
      })),
    );
    expect(NAMED_RECORDS.map((named) => [named.pkPrefix, named.sk])).toEqual([
      ['CATEGORY#', 'CATEGORY'],
      ['USER#', 'USER'],
      ['CLIENT#', 'CLIENT'],
    ]);
  });

  it('sends events that still fail after the retries to an encrypted SQS dead-letter queue', () => {
    const queueId = dev.logicalId(dev.stack.node.findChild('NameSyncFailures').node.defaultChild);
    expect(dev.props(queueId)).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
    expect(mappingOf().DestinationConfig).toEqual({
      OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } },
    });
    expect(allows(dev.actionsOf(NAME_SYNC), 'sqs:SendMessage')).toBe(true);
    expect(dev.actionsOf(NAME_SYNC)).toEqual(
      expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:DescribeStream']),
    );
    // Only the stream's functions read it; no other Lambda writes to this queue (the publisher, the delivery
    // consumers and site-management send to their own queues: monitoring.test.ts, delivery.test.ts).
    const streamArn = JSON.stringify({ 'Fn::GetAtt': [tableId(), 'StreamArn'] });
    const queueArn = JSON.stringify({ 'Fn::GetAtt': [queueId, 'Arn'] });
    for (const name of ALL_FUNCTIONS) {
      const reads = (STREAM_FUNCTIONS as readonly string[]).includes(name);
      expect(JSON.stringify(dev.statementsOf(name)).includes(streamArn), name).toBe(reads);
      if (name !== NAME_SYNC) expect(JSON.stringify(dev.statementsOf(name)), name).not.toContain(queueArn);
    }
    const senders = ALL_FUNCTIONS.filter((name) => allows(dev.actionsOf(name), 'sqs:SendMessage'));
    expect(senders.sort()).toEqual(
      [
        PUBLISHER,
        NAME_SYNC,
        'content-changes',
        'edge-keys',
        'webhook-delivery',
        'site-management',
        // Its dead-letter queue (as name-sync's), and the sweeper's purges of removed files.
        'media-uses',
        MEDIA_SWEEPER,
      ].sort(),
    );
  });
});
