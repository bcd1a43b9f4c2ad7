/**
 * The stack's Lambdas that no route calls: the publisher and the two sweepers on schedules, and the name-sync
 * consumer of the table's stream (infra/README.md).
 */
import { Duration, type RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambdaCore from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { PUBLISHED_PREFIX } from '../../functions/lib/media-keys';
import { NAMED_RECORDS } from '../../functions/name-sync/sources';
import { type FunctionName, MEDIA_SWEEPER, NAME_SYNC, PUBLISHER, TRASH_SWEEPER } from './functions';

/** Makes one of the stack's Lambdas (with read and write on the table). */
export type MakeLambda = (
  name: FunctionName,
  memorySize: number,
  timeout: Duration,
  environment: Record<string, string>,
) => NodejsFunction;

export interface BackgroundJobParts {
  lambda: MakeLambda;
  table: dynamodb.Table;
  mediaBucket: s3.Bucket;
  removalPolicy: RemovalPolicy;
}

export function addBackgroundJobs(
  stack: Stack,
  { lambda, table, mediaBucket, removalPolicy }: BackgroundJobParts,
): void {
  const publisher = lambda(PUBLISHER, 256, Duration.seconds(30), { TABLE_NAME: table.tableName });
  new events.Rule(stack, 'PublisherSchedule', {
    description: 'Publishes Scheduled articles whose time has come',
    schedule: events.Schedule.rate(Duration.minutes(1)),
    // The next run is a minute away: no retries piling up behind it.
    targets: [new targets.LambdaFunction(publisher, { retryAttempts: 0 })],
  });

  // Checked files no record referenced within a day are deleted (record, then the object under media/).
  const sweeper = lambda(MEDIA_SWEEPER, 256, Duration.seconds(60), {
    TABLE_NAME: table.tableName,
    MEDIA_BUCKET: mediaBucket.bucketName,
  });
  mediaBucket.grantDelete(sweeper, `${PUBLISHED_PREFIX}*`);
  new events.Rule(stack, 'MediaSweeperSchedule', {
    description: 'Deletes checked files that no record referenced within a day',
    schedule: events.Schedule.rate(Duration.hours(1)),
    targets: [new targets.LambdaFunction(sweeper, { retryAttempts: 0 })],
  });

  // What has been in a trash for 30 days is deleted for good, with all it owns (functions/trash/). The trashed
  // items' TTL, a day later, is only a backstop should this stop running.
  const trashSweeper = lambda(TRASH_SWEEPER, 256, Duration.minutes(5), { TABLE_NAME: table.tableName });
  new events.Rule(stack, 'TrashSweeperSchedule', {
    description: 'Deletes for good what has been in a trash for 30 days',
    schedule: events.Schedule.rate(Duration.hours(1)),
    targets: [new targets.LambdaFunction(trashSweeper, { retryAttempts: 0 })],
  });

  // A rename of a category, user or client brings the names copied into list rows up to date
  // (functions/README.md → Names in list rows). Only MODIFY events of those items reach the Lambda (the name
  // change itself is checked in it); a failing record is retried, its batch halved, and after the retries
  // its event goes to the dead-letter queue, the sync then to be run again by hand.
  const nameSync = lambda(NAME_SYNC, 256, Duration.minutes(15), { TABLE_NAME: table.tableName });
  table.grantStreamRead(nameSync);
  const nameSyncFailures = new sqs.Queue(stack, 'NameSyncFailures', {
    retentionPeriod: Duration.days(14),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    removalPolicy,
  });
  nameSync.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: lambdaCore.StartingPosition.LATEST,
      batchSize: 10,
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
}
