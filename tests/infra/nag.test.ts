/**
 * cdk-nag 3 (AwsSolutions and Serverless packs), as the app runs it (infra/aws/nag.ts): no finding left that is not
 * acknowledged, every acknowledgment with its reason and still needed, and the app's synth stopping on a new one.
 * (cdk-nag 3 reports through CDK's validation plugins, not annotations: `validateScope` is its test entry point.)
 */
import { Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nagPacks } from '../../infra/aws/nag';
import { fakeWebDist, type Synthesized, synth } from './synth';

const web = fakeWebDist();
const CUSTOM = {
  stage: 'prod',
  domainName: 'admin.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abcd-1234',
  webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/admin/abcd-1234',
  alarmEmail: 'ops@example.com',
};
const variants: Record<string, Synthesized> = {};

beforeAll(() => {
  variants.dev = synth();
  variants.prod = synth({ stage: 'prod' }, web.dir);
  variants.custom = synth(CUSTOM, web.dir);
}, 90_000);

afterAll(() => web.remove());

interface Finding {
  rule: string;
  path: string;
  severity: string;
}

/** The findings of both packs, acknowledged ones left out (as in the app), or all of them (`raw`). */
function findings(scope: IConstruct, raw = false): Finding[] {
  const holder = Validations as unknown as { ACKNOWLEDGED_RULES_METADATA_KEY: string };
  const key = holder.ACKNOWLEDGED_RULES_METADATA_KEY;
  // cdk-nag reads acknowledgments under this metadata key: another key hides them all.
  if (raw) holder.ACKNOWLEDGED_RULES_METADATA_KEY = 'admin-portal:no-acknowledgments';
  try {
    return nagPacks().flatMap((pack) =>
      pack.validateScope(scope).violations.flatMap((v) =>
        v.violatingResources.map((r) => ({
          rule: v.ruleName,
          path: r.constructPath ?? '',
          severity: v.severity ?? '',
        })),
      ),
    );
  } finally {
    holder.ACKNOWLEDGED_RULES_METADATA_KEY = key;
  }
}

/** Every acknowledgment in the tree: where, which rule, why. */
function acknowledgments(scope: IConstruct): { path: string; rule: string; reason: string }[] {
  return scope.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) =>
        Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({
          path: c.node.path,
          rule: id.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}

const baseRule = (rule: string) => rule.replace(/\[.*\]$/, '');

function stackOf(name: string): IConstruct {
  const stack = variants[name]?.stack;
  if (!stack) throw new Error(`no ${name} stack`);
  return stack;
}

describe.each(['dev', 'prod', 'custom'])('cdk-nag on the %s stack', (name) => {
  it('finds no error and no warning that is not acknowledged', () => {
    expect(findings(stackOf(name)).map((f) => `${f.severity} ${f.rule} ${f.path}`)).toEqual([]);
  });

  it('acknowledges each finding with a reason, and nothing that is not a finding', () => {
    const raw = findings(stackOf(name), true);
    const acks = acknowledgments(stackOf(name));
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.reason.length, `${ack.rule} on ${ack.path}`).toBeGreaterThan(30);
      const used = raw.some((f) => f.rule === ack.rule && `${f.path}/`.startsWith(`${ack.path}/`));
      expect(used, `${ack.rule} on ${ack.path} acknowledges nothing`).toBe(true);
    }
  });
});

describe('what stays acknowledged', () => {
  it('is this list of rules; without a domain and a web ACL, CFR4 and CFR2 too; with an alarm e-mail, its redrive', () => {
    const rules = (name: string) => [...new Set(acknowledgments(stackOf(name)).map((a) => baseRule(a.rule)))].sort();
    const always = [
      'AwsSolutions-APIG4',
      'AwsSolutions-CFR1',
      'AwsSolutions-IAM4',
      'AwsSolutions-IAM5',
      'AwsSolutions-L1',
      'AwsSolutions-SMG4',
      'AwsSolutions-SQS3',
      'Serverless-EventBusDLQ',
      'Serverless-LambdaDLQ',
      'Serverless-LambdaEventSourceMappingDestination',
      'Serverless-LambdaLatestVersion',
      'Serverless-LambdaTracing',
      'Serverless-SQSRedrivePolicy',
    ];
    // With alarmEmail, its subscription has no redrive policy (monitoring.ts says why).
    expect(rules('custom')).toEqual([...always, 'Serverless-SNSRedrivePolicy'].sort());
    expect(rules('prod')).toEqual([...always, 'AwsSolutions-CFR2', 'AwsSolutions-CFR4'].sort());
  });

  it('acknowledges IAM4 only on the CDK’s own deployment Lambda, and IAM5 only for X-Ray, streams, key prefixes and the CDK', () => {
    const acks = acknowledgments(stackOf('prod'));
    for (const ack of acks.filter((a) => baseRule(a.rule) === 'AwsSolutions-IAM4')) {
      expect(ack.path).toMatch(/\/Custom::CDKBucketDeployment/);
    }
    for (const ack of acks.filter((a) => baseRule(a.rule) === 'AwsSolutions-IAM5')) {
      const ours =
        /^AwsSolutions-IAM5\[Resource::(\*|<MediaBucket\w+\.Arn>\/(uploads|media|originals|media\/r)\/\*)\]$/.test(
          ack.rule,
        );
      expect(ours || /\/Custom::CDKBucketDeployment/.test(ack.path), `${ack.rule} on ${ack.path}`).toBe(true);
    }
  });
});

describe('the app', () => {
  it('runs both packs on every synth and stops on a finding nobody acknowledged', () => {
    const s = synth();
    new sqs.Queue(s.stack, 'UnencryptedProbe', { encryption: sqs.QueueEncryption.UNENCRYPTED });
    expect(() => s.app.synth({ force: true })).toThrow(
      /AwsSolutions-SQS4|Serverless-SQSRedrivePolicy|AwsSolutions-SQS3/,
    );
  });
});
