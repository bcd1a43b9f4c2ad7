/** The CDK app: `cdk synth` / `cdk deploy` (context `stage`, default dev; `allowedOrigins`, default `*`). */
import { App } from 'aws-cdk-lib';
import { AdminPortalStack } from './stack';

const app = new App();

const stage = String(app.node.tryGetContext('stage') ?? 'dev');
if (!/^[a-z][a-z0-9-]*$/.test(stage)) throw new Error(`Invalid stage "${stage}": use lower-case letters, digits, -`);

// From cdk.json a list, from the command line (`-c allowedOrigins=https://a,https://b`) a comma-separated string.
const origins: unknown = app.node.tryGetContext('allowedOrigins') ?? '*';
const allowedOrigins = (Array.isArray(origins) ? origins.map(String) : String(origins).split(','))
  .map((origin) => origin.trim())
  .filter(Boolean);

new AdminPortalStack(app, `AdminPortal-${stage}`, {
  stage,
  allowedOrigins,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
