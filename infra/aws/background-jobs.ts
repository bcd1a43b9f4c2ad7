/**
 * The stack's Lambdas that no route calls: the publisher and the two sweepers on schedules, and the name-sync
 * consumer of the table's stream (infra/README.md).
 */
import { Duration, type RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambdaCore from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { USE_SOURCES } from '../../functions/asset/uses';
import { ORIGINALS_PREFIX, PUBLISHED_PREFIX, RENDITIONS_PREFIX } from '../../functions/lib/media-keys';
import { NAMED_RECORDS, RENAME_BATCH } from '../../functions/name-sync/sources';
import { TRASHED_SK } from '../../functions/trash/model';
import { MEDIA_SWEEPER, MEDIA_USES, NAME_SYNC, PUBLISHER, TRASH_SWEEPER } from './functions';
import type { MakeLambda } from './lambdas';
import { acknowledge } from './nag';
import { grantMedia } from './storage';

/** How often a failed publisher run is tried again, and for how long (infra/README.md). */
const PUBLISHER_RETRIES = { retryAttempts: 2, maxEventAge: Duration.minutes(10) } as const;

export interface BackgroundJobParts {
  lambda: MakeLambda;
  table: dynamodb.Table;
  mediaBucket: s3.Bucket;
  removalPolicy: RemovalPolicy;
}

/** The dead-letter queues, which the alarms watch. */
export interface BackgroundJobs {
  publisherFailures: sqs.Queue;
  nameSyncFailures: sqs.Queue;
  mediaUsesFailures: sqs.Queue;
  /** Purges removed files from the CDN: the stack gives it the invalidation queue once that exists. */
  mediaSweeper: lambdaCore.Function;
}

/**
 * An SQS queue that receives what failed for good: encrypted, TLS only, kept 14 days. `ofQueue`: it is another
 * queue's redrive target, which cdk-nag's SQS3 sees by itself.
 */
export function deadLetterQueue(
  stack: Stack,
  id: string,
  removalPolicy: RemovalPolicy,
  holds: string,
  ofQueue = false,
): sqs.Queue {
  const queue = new sqs.Queue(stack, id, {
    retentionPeriod: Duration.days(14),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    removalPolicy,
  });
  const reason = `This queue is itself a dead-letter queue (${holds}); its messages are read by an operator, and its alarm fires on the first one.`;
  acknowledge(queue, { ...(ofQueue ? {} : { 'AwsSolutions-SQS3': reason }), 'Serverless-SQSRedrivePolicy': reason });
  return queue;
}

export function addBackgroundJobs(
  stack: Stack,
  { lambda, table, mediaBucket, removalPolicy }: BackgroundJobParts,
): BackgroundJobs {
  // The publisher throws when an article of its run failed (each article is tried on its own, so a poisoned one
  // cannot stop the others). Lambda then runs the event twice more (after about 1 and 3 minutes); an event still
  // failing, or older than 10 minutes (throttled behind the next runs), goes to PublisherFailures with its error.
  // EventBridge's own retries and dead-letter queue cover the invocation itself failing (throttled beyond its
  // retries, a missing permission): the same queue.
  const publisherFailures = deadLetterQueue(
    stack,
    'PublisherFailures',
    removalPolicy,
    'publisher runs that kept failing',
  );
  const publisher = lambda(
    PUBLISHER,
    256,
    Duration.seconds(30),
    { TABLE_NAME: table.tableName },
    { async: { ...PUBLISHER_RETRIES, onFailure: new SqsDestination(publisherFailures) } },
  );
  acknowledge(publisher, {
    'Serverless-LambdaDLQ':
      'Failed runs go to the on-failure destination (PublisherFailures), which records the error with the event; a dead-letter queue as well would put every failure there twice.',
  });
  new events.Rule(stack, 'PublisherSchedule', {
    description: 'Publishes Scheduled articles whose time has come',
    schedule: events.Schedule.rate(Duration.minutes(1)),
    targets: [new targets.LambdaFunction(publisher, { ...PUBLISHER_RETRIES, deadLetterQueue: publisherFailures })],
  });

  const sweeperReason =
    'An hourly sweep that is safe to run again: the next run redoes what a failed one left, and the Errors alarm reports the failure.';

  // Checked files no record referenced within a day are deleted (record, then the object under media/).
  const sweeper = lambda(MEDIA_SWEEPER, 256, Duration.seconds(60), {
    TABLE_NAME: table.tableName,
    MEDIA_BUCKET: mediaBucket.bucketName,
  });
  grantMedia(sweeper, mediaBucket, PUBLISHED_PREFIX, ['s3:DeleteObject']);
  // A file removed from the library goes with its private original and every rendition, listed by its prefix.
  grantMedia(sweeper, mediaBucket, ORIGINALS_PREFIX, ['s3:DeleteObject']);
  sweeper.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [mediaBucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${RENDITIONS_PREFIX}*`] } },
    }),
  );
  acknowledge(sweeper, { 'Serverless-LambdaDLQ': sweeperReason });
  const mediaSchedule = new events.Rule(stack, 'MediaSweeperSchedule', {
    description: 'Deletes checked files that no record referenced within a day',
    schedule: events.Schedule.rate(Duration.hours(1)),
    targets: [new targets.LambdaFunction(sweeper, { retryAttempts: 0 })],
  });

  // What has been in a trash for 30 days is deleted for good, with all it owns (functions/trash/). The trashed
  // items' TTL, a day later, is only a backstop should this stop running.
  const trashSweeper = lambda(TRASH_SWEEPER, 256, Duration.minutes(5), { TABLE_NAME: table.tableName });
  acknowledge(trashSweeper, { 'Serverless-LambdaDLQ': sweeperReason });
  const trashSchedule = new events.Rule(stack, 'TrashSweeperSchedule', {
    description: 'Deletes for good what has been in a trash for 30 days',
    schedule: events.Schedule.rate(Duration.hours(1)),
    targets: [new targets.LambdaFunction(trashSweeper, { retryAttempts: 0 })],
  });
  for (const schedule of [mediaSchedule, trashSchedule])
    acknowledge(schedule, { 'Serverless-EventBusDLQ': sweeperReason });

  // A rename of a category, user or client brings the names copied into list rows up to date
  // (functions/README.md → Names in list rows). Only MODIFY events of those items reach the Lambda (the name
  // change itself is checked in it); renames are gathered for a window, and a batch's renames of one record
  // are one sync; a failing record is retried, its batch halved, and after the retries its event goes to the
  // dead-letter queue, the sync then to be run again by hand.
  const nameSync = lambda(NAME_SYNC, 256, Duration.minutes(15), { TABLE_NAME: table.tableName });
  table.grantStreamRead(nameSync);
  acknowledge(nameSync, {
    'AwsSolutions-IAM5[Resource::*]':
      'X-Ray (active tracing) and dynamodb:ListStreams, which the stream mapping needs, have no resource-level permissions.',
    'Serverless-LambdaDLQ':
      "Called by the table stream's mapping, whose on-failure destination is NameSyncFailures; a function DLQ serves only asynchronous calls.",
  });
  const nameSyncFailures = deadLetterQueue(stack, 'NameSyncFailures', removalPolicy, 'renames whose sync kept failing');
  nameSync.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: lambdaCore.StartingPosition.LATEST,
      batchSize: RENAME_BATCH.size,
      maxBatchingWindow: Duration.seconds(RENAME_BATCH.windowSeconds),
      bisectBatchOnError: true,
      retryAttempts: 5,
      maxRecordAge: Duration.hours(12),
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(nameSyncFailures),
      filters: NAMED_RECORDS.map((named) =>
        lambdaCore.FilterCriteria.filter({
          eventName: lambdaCore.FilterRule.isEqual('MODIFY'),
          dynamodb: {
            Keys: {
              pk: { S: lambdaCore.FilterRule.beginsWith(named.pkPrefix) },
              sk: { S: lambdaCore.FilterRule.isEqual(named.sk) },
            },
          },
        }),
      ),
    }),
  );

  // Where each file is used (functions/asset/uses.ts): every change of an item that references files. One filter
  // (a mapping takes few): any of the sources' partitions with any of their sort keys, or their trashed copies;
  // the handler passes over the few other items that pattern lets through.
  const mediaUses = lambda(MEDIA_USES, 256, Duration.minutes(5), { TABLE_NAME: table.tableName });
  table.grantStreamRead(mediaUses);
  acknowledge(mediaUses, {
    'AwsSolutions-IAM5[Resource::*]':
      'X-Ray (active tracing) and dynamodb:ListStreams, which the stream mapping needs, have no resource-level permissions.',
    'Serverless-LambdaDLQ':
      "Called by the table stream's mapping, whose on-failure destination is MediaUsesFailures; a function DLQ serves only asynchronous calls.",
  });
  const mediaUsesFailures = deadLetterQueue(stack, 'MediaUsesFailures', removalPolicy, 'file uses that kept failing');
  mediaUses.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: lambdaCore.StartingPosition.LATEST,
      batchSize: 100,
      bisectBatchOnError: true,
      retryAttempts: 10,
      maxRecordAge: Duration.days(1),
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(mediaUsesFailures),
      filters: [
        lambdaCore.FilterCriteria.filter({
          dynamodb: {
            Keys: {
              pk: {
                S: [...new Set(USE_SOURCES.map((u) => u.pkPrefix))].flatMap((p) => lambdaCore.FilterRule.beginsWith(p)),
              },
              sk: { S: lambdaCore.FilterRule.or(...new Set([...USE_SOURCES.map((u) => u.sk), TRASHED_SK])) },
            },
          },
        }),
      ],
    }),
  );
  return { publisherFailures, nameSyncFailures, mediaUsesFailures, mediaSweeper: sweeper };
}
