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
export type Statement = {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Sid?: string;
  Condition?: unknown;
};

/** The synthesized stack, and the ways the infra tests read it, bound to that stack. */
export interface Synthesized {
  app: App;
  stack: AdminPortalStack;
  template: Template;
  resources: Record<string, Resource>;
  logicalId(element: unknown): string;
  functionId(name: FunctionName): string;
  ofType(type: string): [string, Resource][];
  props(id: string): Record<string, unknown>;
  /** A function's environment variables. */
  envOf(name: FunctionName): Record<string, unknown>;
  /** Every Allow statement of the policies attached to a function's role. */
  statementsOf(name: FunctionName): Statement[];
  actionsOf(name: FunctionName): string[];
  /** Asserts an enabled EventBridge rule that runs the function `name` on `schedule` (`rate(1 hour)`). */
  expectSchedule(name: FunctionName, schedule: string): void;
  /**
   * Asserts the resource policy of an SNS topic or SQS queue: it refuses plain HTTP, and lets the AWS service
   * `service` (`cloudwatch.amazonaws.com`) do `action` on it.
   */
  expectTlsOnlyPolicy(target: { topic: string } | { queue: string }, service: string, action: string): void;
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

type Parts = Pick<Synthesized, 'app' | 'stack' | 'template' | 'resources'>;

/** The stack's parts with the helpers bound to them, so a test writes `dev.props(id)`. */
function readerOf(parts: Parts): Synthesized {
  const { stack, template, resources } = parts;
  const s: Synthesized = {
    ...parts,
    logicalId: (element) => stack.getLogicalId(element as CfnElement),
    functionId(name) {
      const fn = stack.functions.get(name);
      if (!fn) throw new Error(`no function ${name}`);
      return s.logicalId(fn.node.defaultChild);
    },
    ofType: (type) => Object.entries(resources).filter(([, r]) => r.Type === type),
    props(id) {
      const resource = resources[id];
      if (!resource) throw new Error(`no resource ${id}`);
      return resource.Properties ?? {};
    },
    envOf: (name) => (s.props(s.functionId(name)).Environment as { Variables: Record<string, unknown> }).Variables,
    statementsOf(name) {
      const role = stack.functions.get(name)?.role;
      if (!role) throw new Error(`no role for ${name}`);
      const roleRef = { Ref: s.logicalId(role.node.defaultChild) };
      return s
        .ofType('AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties?.Roles).includes(JSON.stringify(roleRef)))
        .flatMap(([, p]) => (p.Properties?.PolicyDocument as { Statement: Statement[] } | undefined)?.Statement ?? [])
        .filter((st) => st.Effect === 'Allow');
    },
    actionsOf: (name) => s.statementsOf(name).flatMap((st) => [st.Action].flat()),
    expectSchedule(name, schedule) {
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: schedule,
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [s.functionId(name), 'Arn'] } })],
      });
    },
    expectTlsOnlyPolicy(target, service, action) {
      const [type, refs] =
        'topic' in target
          ? ['AWS::SNS::TopicPolicy', { Topics: [{ Ref: target.topic }] }]
          : ['AWS::SQS::QueuePolicy', { Queues: [{ Ref: target.queue }] }];
      template.hasResourceProperties(type, {
        ...refs,
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            Match.objectLike({ Effect: 'Allow', Principal: { Service: service }, Action: action }),
          ]),
        },
      });
    },
  };
  return s;
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
  return readerOf({ app, stack, template, resources: template.toJSON().Resources });
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

/** Whether a granted action (possibly a wildcard like `s3:List*`) allows `wanted`. */
export function allows(granted: string[], wanted: string): boolean {
  return granted.some((a) => a === wanted || (a.endsWith('*') && wanted.startsWith(a.slice(0, -1))));
}
