/**
 * cdk-nag (3.x): the AwsSolutions and Serverless rule packs run as CDK validation plugins on every synth, so
 * `cdk synth` and `cdk deploy` stop on any finding nobody has acknowledged. Each acknowledgment sits next to the
 * resource it is about, with its reason (infra/README.md → Deploy to AWS → cdk-nag).
 */
import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** The rule packs the app runs. */
export function nagPacks(): [AwsSolutionsChecks, ServerlessChecks] {
  return [new AwsSolutionsChecks(), new ServerlessChecks()];
}

/** Registers the packs on the app: a finding without an acknowledgment fails the synth. */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(...nagPacks());
}

/**
 * Acknowledges rules on a construct and everything under it, each with its reason. A rule id may name one
 * finding of a rule, as `AwsSolutions-IAM5[Resource::*]`.
 */
export function acknowledge(scope: IConstruct, reasons: Record<string, string>): void {
  for (const [id, reason] of Object.entries(reasons)) Validations.of(scope).acknowledge({ id, reason });
}

/** Why each rule may stand on the CDK's own Lambdas; any other rule found on them fails the synth. */
const CDK_INTERNAL_REASONS: Record<string, string> = {
  'AwsSolutions-IAM4': "The CDK's own deployment Lambda: the CDK makes its role, with AWSLambdaBasicExecutionRole.",
  'AwsSolutions-IAM5':
    "The CDK's own deployment Lambda copies the built app from the CDK's assets bucket into the web bucket, and invalidates the distribution: the CDK writes its policy.",
  'AwsSolutions-L1': "The CDK's own deployment Lambda: the CDK version chooses its runtime.",
  'Serverless-LambdaLatestVersion': "The CDK's own deployment Lambda: the CDK version chooses its runtime.",
  'Serverless-LambdaDLQ':
    'A custom-resource handler: CloudFormation waits for its response, and a failure fails the deploy and rolls it back; a DLQ would never be read.',
  'Serverless-LambdaTracing': 'Runs only during a deploy, whose every step CloudFormation records.',
};

/**
 * The CDK's own Lambdas (the web upload's BucketDeployment; the dev buckets' auto-delete): their code, runtime and
 * role are the CDK's, not ours. Their findings are acknowledged one by one (IAM findings name each action and
 * resource, which depend on the CDK version and the bootstrap qualifier), only for the rules above. Call it once
 * the stack is complete.
 */
export function acknowledgeCdkInternals(stack: IConstruct): void {
  const internals = stack.node.children.filter((child) =>
    /^Custom::(CDKBucketDeployment|S3AutoDeleteObjects)/.test(child.node.id),
  );
  for (const internal of internals) {
    const findings = nagPacks().flatMap((pack) => pack.validateScope(internal).violations.map((v) => v.ruleName));
    for (const finding of findings) {
      const reason = CDK_INTERNAL_REASONS[finding.replace(/\[.*\]$/, '')];
      if (!reason) throw new Error(`${finding} on ${internal.node.path} has no reason: fix it or add one in nag.ts`);
      acknowledge(internal, { [finding]: reason });
    }
  }
}
