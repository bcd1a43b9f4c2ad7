/**
 * Replaces the entry of `aws-xray-sdk-core` in the Lambda bundles only (an esbuild plugin in
 * infra/aws/bundle-plugins.ts). The package's entry (dist/lib/aws-xray.js) requires every part of the SDK: the
 * sampling-rule poller, the AWS SDK v2 patcher, the EC2/ECS/Beanstalk plugins, the Express middleware, SQL helpers.
 * It is CommonJS, so esbuild cannot leave any of that out. Powertools' Tracer, the one user here, destructures
 * thirteen members of it; this object holds exactly those, from the same SDK modules, and runs the entry's start-up:
 * the SDK and service data of every segment and, in Lambda, the facade segment (env/aws_lambda.js).
 * CommonJS like the entry it replaces: segment_utils keeps its data on `this`, so it is called on the module itself.
 * tests/unit/bundle-plugins.test.ts compares it with the real entry; tests/integration/tracing.test.ts reads the
 * segments a traced bundle sends.
 */
'use strict';
const capture = require('aws-xray-sdk-core/dist/lib/capture');
const contextUtils = require('aws-xray-sdk-core/dist/lib/context_utils');
const daemonConfig = require('aws-xray-sdk-core/dist/lib/daemon_config');
const lambdaEnvironment = require('aws-xray-sdk-core/dist/lib/env/aws_lambda');
const logging = require('aws-xray-sdk-core/dist/lib/logger');
const aws3Patcher = require('aws-xray-sdk-core/dist/lib/patchers/aws3_p');
const httpPatcher = require('aws-xray-sdk-core/dist/lib/patchers/http_p');
const Subsegment = require('aws-xray-sdk-core/dist/lib/segments/attributes/subsegment');
const Segment = require('aws-xray-sdk-core/dist/lib/segments/segment');
const segmentUtils = require('aws-xray-sdk-core/dist/lib/segments/segment_utils');
const { name, version } = require('aws-xray-sdk-core/package.json');

const UNKNOWN = 'unknown';

/** The AWS SDK v2 patchers: no Lambda here bundles SDK v2, and the Tracer calls these only when asked to. */
function withoutSdkV2() {
  throw new Error('xray stand-in: the AWS SDK v2 patcher is not bundled; capture v3 clients (captureAWSv3Client)');
}

segmentUtils.setSDKData({ sdk: 'X-Ray for Node.js', sdk_version: version || UNKNOWN, package: name || UNKNOWN });
segmentUtils.setServiceData({
  runtime: process.release?.name ? process.release.name : UNKNOWN,
  runtime_version: process.version,
  version: process.env.npm_package_version || UNKNOWN,
  name: process.env.npm_package_name || UNKNOWN,
});
if (process.env.LAMBDA_TASK_ROOT) lambdaEnvironment.init();

module.exports = {
  captureAWS: withoutSdkV2,
  captureAWSClient: withoutSdkV2,
  captureAWSv3Client: aws3Patcher.captureAWSClient,
  captureAsyncFunc: capture.captureAsyncFunc,
  captureFunc: capture.captureFunc,
  captureHTTPsGlobal: httpPatcher.captureHTTPsGlobal,
  getNamespace: contextUtils.getNamespace,
  getSegment: contextUtils.getSegment,
  setSegment: contextUtils.setSegment,
  Segment,
  Subsegment,
  setContextMissingStrategy: contextUtils.setContextMissingStrategy,
  setDaemonAddress: daemonConfig.setDaemonAddress,
  setLogger: logging.setLogger,
};
