/**
 * Every context value (infra/aws/context.ts; the table in infra/README.md → Deploy to AWS): what it puts in the
 * template when given, the default when absent, and the values it refuses. Given as the command line gives them
 * (`-c name=value`: strings).
 */
import { App } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_DEFAULTS, readContext } from '../../infra/aws/context';
import { BACKGROUND_FUNCTIONS } from '../../infra/aws/functions';
import { LAMBDAS, READER_ROUTES, routePath } from '../../shared/api';
import { ALL_FUNCTIONS, CDK_CONTEXT, type Synthesized, synth } from './synth';

const GIVEN = {
  stage: 'staging',
  allowedOrigins: 'https://admin.example.com, https://desk.example.com',
  logLevel: 'debug',
  logRetentionDays: '90',
  alarmEmail: 'ops@example.com',
  domainName: 'Admin.Example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0',
  webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/admin-portal/0b1c2d3e-4f50',
  apiRateLimit: '20',
  apiBurstLimit: '40',
  readerRateLimit: '700',
  readerBurstLimit: '1400',
  reservedConcurrency: 'false',
  secretsRevision: '2026-12-01',
};

let absent: Synthesized;
let given: Synthesized;

beforeAll(() => {
  absent = synth();
  given = synth(GIVEN);
}, 90_000);

const contextOf = (extra: Record<string, unknown>) =>
  readContext(new App({ context: { ...CDK_CONTEXT, ...extra } }).node);
const distributionConfig = (s: Synthesized) =>
  (s.ofType('AWS::CloudFront::Distribution')[0]?.[1].Properties?.DistributionConfig ?? {}) as Record<string, unknown>;
const stageOf = (s: Synthesized) => s.ofType('AWS::ApiGatewayV2::Stage')[0]?.[1].Properties ?? {};

describe('context values', () => {
  it('default as documented when only cdk.json’s are given', () => {
    expect(contextOf({})).toEqual({
      ...CONTEXT_DEFAULTS,
      allowedOrigins: ['*'],
      alarmEmail: undefined,
      customDomain: undefined,
      webAclArn: undefined,
      secretsRevision: undefined,
    });
    expect(CONTEXT_DEFAULTS).toMatchObject({
      logLevel: 'INFO',
      logRetentionDays: 30,
      apiRateLimit: 100,
      apiBurstLimit: 200,
    });
  });

  it('stage: names the stack and keeps the table of any stage but dev', () => {
    expect(given.stack.stackName).toBe('AdminPortal-staging');
    expect(absent.stack.stackName).toBe('AdminPortal-dev');
    const table = (s: Synthesized) => s.ofType('AWS::DynamoDB::Table')[0]?.[1];
    expect(table(given)).toMatchObject({ DeletionPolicy: 'Retain', Properties: { DeletionProtectionEnabled: true } });
    expect(table(absent)).toMatchObject({ DeletionPolicy: 'Delete', Properties: { DeletionProtectionEnabled: false } });
  });

  it('allowedOrigins: the media bucket’s CORS origins (default *)', () => {
    const origins = (s: Synthesized) =>
      (
        s.props(s.logicalId(s.stack.mediaBucket.node.defaultChild)).CorsConfiguration as {
          CorsRules: { AllowedOrigins: string[] }[];
        }
      ).CorsRules[0]?.AllowedOrigins;
    expect(origins(given)).toEqual(['https://admin.example.com', 'https://desk.example.com']);
    expect(origins(absent)).toEqual(['*']);
  });

  it('logLevel: POWERTOOLS_LOG_LEVEL of every function (default INFO)', () => {
    for (const name of ALL_FUNCTIONS) {
      expect(given.envOf(name).POWERTOOLS_LOG_LEVEL, name).toBe('DEBUG');
      expect(absent.envOf(name).POWERTOOLS_LOG_LEVEL, name).toBe('INFO');
    }
  });

  it('logRetentionDays: every log group and the access-log bucket (default 30)', () => {
    for (const [s, days] of [
      [given, 90],
      [absent, 30],
    ] as const) {
      const groups = s.ofType('AWS::Logs::LogGroup');
      expect(groups.length).toBeGreaterThanOrEqual(ALL_FUNCTIONS.length + 1);
      for (const [id, group] of groups) expect(group.Properties?.RetentionInDays, id).toBe(days);
      expect(s.props(s.logicalId(s.stack.logsBucket.node.defaultChild)).LifecycleConfiguration).toEqual({
        Rules: [{ Id: 'ExpireLogs', ExpirationInDays: days, Status: 'Enabled' }],
      });
    }
  });

  it('alarmEmail: an e-mail subscription to the alarm topic (default none)', () => {
    const topicId = given.ofType('AWS::SNS::Topic')[0]?.[0];
    given.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: topicId },
    });
    absent.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('domainName and certificateArn: the distribution’s alias and certificate, TLS 1.2 at least (default none)', () => {
    expect(distributionConfig(given)).toMatchObject({
      Aliases: ['admin.example.com'],
      ViewerCertificate: {
        AcmCertificateArn: GIVEN.certificateArn,
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    });
    given.template.hasOutput('AdminUrl', { Value: 'https://admin.example.com' });
    expect(distributionConfig(absent).Aliases).toBeUndefined();
    expect(distributionConfig(absent).ViewerCertificate).toBeUndefined();
    expect(absent.template.findOutputs('AdminUrl')).toEqual({});
  });

  it('webAclArn: the distribution’s WAF web ACL (default none)', () => {
    expect(distributionConfig(given).WebACLId).toBe(GIVEN.webAclArn);
    expect(distributionConfig(absent).WebACLId).toBeUndefined();
  });

  it('apiRateLimit and apiBurstLimit: the API stage’s throttle (default 100 and 200)', () => {
    expect(stageOf(given).DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 });
    expect(stageOf(absent).DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 });
  });

  it('readerRateLimit and readerBurstLimit: each reader route’s own throttle (default 1,000 and 2,000)', () => {
    const readerKeys = READER_ROUTES.map((r) => `${r.method} ${routePath(r.path)}`).sort();
    const settingsOf = (s: Synthesized) => stageOf(s).RouteSettings as Record<string, unknown>;
    expect(Object.keys(settingsOf(given)).sort()).toEqual(readerKeys);
    expect(readerKeys).toContain('GET /content/v1/articles/{slug}');
    expect(readerKeys).toContain('POST /content/v1/ads/impression');
    expect(readerKeys.some((k) => k.startsWith('GET /media/r/'))).toBe(true);
    // Nothing the newsroom calls: every key is under the delivery API or the renditions.
    for (const key of readerKeys) expect(key.split(' ')[1]).toMatch(/^\/(content\/v1|media\/r)\//);
    for (const value of Object.values(settingsOf(given))) {
      expect(value).toEqual({ ThrottlingRateLimit: 700, ThrottlingBurstLimit: 1400 });
    }
    for (const value of Object.values(settingsOf(absent))) {
      expect(value).toEqual({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 });
    }
    // Every route a setting names exists in the template before the stage.
    const routeKeys = absent.ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties?.RouteKey);
    for (const key of readerKeys) expect(routeKeys).toContain(key);
    const stageId = absent.ofType('AWS::ApiGatewayV2::Stage')[0]?.[0] ?? '';
    expect((absent.template.toJSON().Resources[stageId].DependsOn ?? []).length).toBeGreaterThanOrEqual(
      readerKeys.length,
    );
  });

  it('reservedConcurrency=false: no function reserves any (default: the writers do)', () => {
    for (const name of ALL_FUNCTIONS) {
      expect(given.props(given.functionId(name)).ReservedConcurrentExecutions, name).toBeUndefined();
    }
    expect(absent.props(absent.functionId('user-import')).ReservedConcurrentExecutions).toBe(2);
  });

  it('secretsRevision: restarts the functions that read a secret and updates the distribution (default none)', () => {
    for (const name of LAMBDAS) expect(given.envOf(name).SECRETS_REVISION, name).toBe('2026-12-01');
    for (const name of BACKGROUND_FUNCTIONS) expect(given.envOf(name).SECRETS_REVISION, name).toBeUndefined();
    expect(distributionConfig(given).Comment).toBe('Admin Portal (staging), secrets revision 2026-12-01');
    for (const name of ALL_FUNCTIONS) expect(absent.envOf(name).SECRETS_REVISION, name).toBeUndefined();
    expect(distributionConfig(absent).Comment).toBe('Admin Portal (dev)');
  });
});

describe('refused context values', () => {
  it.each([
    [{ stage: 'Prod' }, /stage/],
    [{ logLevel: 'verbose' }, /logLevel.*one of TRACE, DEBUG, INFO/],
    [{ logRetentionDays: '31' }, /logRetentionDays.*CloudWatch's periods/],
    [{ logRetentionDays: 'forever' }, /logRetentionDays/],
    [{ alarmEmail: 'ops' }, /alarmEmail/],
    [{ domainName: 'admin.example.com' }, /certificateArn.*go together/],
    [{ certificateArn: GIVEN.certificateArn }, /domainName.*go together/],
    [
      { domainName: 'admin.example.com', certificateArn: GIVEN.certificateArn.replace('us-east-1', 'eu-west-1') },
      /us-east-1/,
    ],
    [{ domainName: 'https://admin.example.com', certificateArn: GIVEN.certificateArn }, /domainName/],
    [{ webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/x/1' }, /webAclArn.*CLOUDFRONT/],
    [{ apiRateLimit: '0' }, /apiRateLimit/],
    [{ apiBurstLimit: '2.5' }, /apiBurstLimit/],
    [{ reservedConcurrency: 'maybe' }, /reservedConcurrency/],
    [{ secretsRevision: 'new one' }, /secretsRevision/],
  ])('%o', (context, message) => {
    expect(() => contextOf(context)).toThrow(message);
  });
});
