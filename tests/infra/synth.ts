/**
 * The stack as `cdk synth` builds it (infra/aws/build.ts: cdk.json's context and feature flags, the context values,
 * the cdk-nag packs), minus esbuild: asset bundling is skipped. And the helpers the infra tests read it with.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll } from 'vitest';
import { buildAdminPortal } from '../../infra/aws/build';
import type { AdminPortalStack } from '../../infra/aws/stack';

export type Resource = {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  DependsOn?: string[];
};
export type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Sid?: string };

export interface Synthesized {
  app: App;
  stack: AdminPortalStack;
  template: Template;
  resources: Record<string, Resource>;
}

export const CDK_CONTEXT: Record<string, unknown> = JSON.parse(
  readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'),
).context;

export { ALL_FUNCTIONS } from '../../infra/aws/functions';

import type { FunctionName } from '../../infra/aws/functions';

/** A built web app of one file, for the stacks that deploy one; removed by the returned function. */
export function fakeWebDist(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'admin-portal-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Admin</title>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Synthesizes the app with cdk.json's context plus `context` (values as the command line gives them: strings), and
 * `webDist` as the built app (default: a folder that does not exist, so no upload).
 */
export function synth(
  context: Record<string, unknown> = {},
  webDist = join(tmpdir(), 'admin-portal-no-web-dist'),
): Synthesized {
  const app = new App({ context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = buildAdminPortal(app, { webDist });
  const template = Template.fromStack(stack);
  return { app, stack, template, resources: template.toJSON().Resources };
}

/**
 * A stack synthesized once for the calling test file, in its beforeAll (a synth takes seconds; a busy machine gets
 * a minute): the returned object is filled in before the first test runs.
 */
export function synthOnce(context: Record<string, unknown> = {}, webDist?: string): Synthesized {
  const synthesized = {} as Synthesized;
  beforeAll(() => {
    Object.assign(synthesized, synth(context, webDist));
  }, 60_000);
  return synthesized;
}

export function logicalId(s: Synthesized, element: unknown): string {
  return s.stack.getLogicalId(element as CfnElement);
}

export function functionId(s: Synthesized, name: FunctionName): string {
  const fn = s.stack.functions.get(name);
  if (!fn) throw new Error(`no function ${name}`);
  return logicalId(s, fn.node.defaultChild);
}

export function ofType(s: Synthesized, type: string): [string, Resource][] {
  return Object.entries(s.resources).filter(([, r]) => r.Type === type);
}

export function props(s: Synthesized, id: string): Record<string, unknown> {
  const resource = s.resources[id];
  if (!resource) throw new Error(`no resource ${id}`);
  return resource.Properties ?? {};
}

/** A function's environment variables. */
export function envOf(s: Synthesized, name: FunctionName): Record<string, unknown> {
  return (props(s, functionId(s, name)).Environment as { Variables: Record<string, unknown> }).Variables;
}

/** Every Allow statement of the policies attached to a function's role. */
export function statementsOf(s: Synthesized, name: FunctionName): Statement[] {
  const role = s.stack.functions.get(name)?.role;
  if (!role) throw new Error(`no role for ${name}`);
  const roleRef = { Ref: logicalId(s, role.node.defaultChild) };
  return ofType(s, 'AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties?.Roles).includes(JSON.stringify(roleRef)))
    .flatMap(([, p]) => (p.Properties?.PolicyDocument as { Statement: Statement[] } | undefined)?.Statement ?? [])
    .filter((st) => st.Effect === 'Allow');
}

export function actionsOf(s: Synthesized, name: FunctionName): string[] {
  return statementsOf(s, name).flatMap((st) => [st.Action].flat());
}

/** Whether a granted action (possibly a wildcard like `s3:List*`) allows `wanted`. */
export function allows(granted: string[], wanted: string): boolean {
  return granted.some((a) => a === wanted || (a.endsWith('*') && wanted.startsWith(a.slice(0, -1))));
}

/** Asserts an enabled EventBridge rule that runs the function `name` on `schedule` (`rate(1 hour)`). */
export function expectSchedule(s: Synthesized, name: FunctionName, schedule: string): void {
  s.template.hasResourceProperties('AWS::Events::Rule', {
    ScheduleExpression: schedule,
    State: 'ENABLED',
    Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId(s, name), 'Arn'] } })],
  });
}

/**
 * Asserts the resource policy of an SNS topic or SQS queue: it refuses plain HTTP, and lets the AWS service
 * `service` (`cloudwatch.amazonaws.com`) do `action` on it.
 */
export function expectTlsOnlyPolicy(
  s: Synthesized,
  target: { topic: string } | { queue: string },
  service: string,
  action: string,
): void {
  const [type, refs] =
    'topic' in target
      ? ['AWS::SNS::TopicPolicy', { Topics: [{ Ref: target.topic }] }]
      : ['AWS::SQS::QueuePolicy', { Queues: [{ Ref: target.queue }] }];
  s.template.hasResourceProperties(type, {
    ...refs,
    PolicyDocument: {
      Statement: Match.arrayWith([
        Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        Match.objectLike({ Effect: 'Allow', Principal: { Service: service }, Action: action }),
      ]),
    },
  });
}
