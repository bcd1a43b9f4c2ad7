/** The synthesized CloudFront distribution: origins, behaviours, caching, the origin secret, response headers. */
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_HEADER } from '../../shared/addresses';
import { type Synthesized, synthOnce } from './synth';

const dev = synthOnce();

describe('CloudFront', () => {
  const distributionConfig = (s: Synthesized) => {
    const [[, distribution] = []] = s.ofType('AWS::CloudFront::Distribution');
    return distribution?.Properties?.DistributionConfig as {
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
      CustomErrorResponses?: unknown;
    };
  };
  const originOf = (s: Synthesized, bucketElement: unknown) => {
    const domain = { 'Fn::GetAtt': [s.logicalId(bucketElement), 'RegionalDomainName'] };
    return distributionConfig(s).Origins.find((o) => JSON.stringify(o.DomainName) === JSON.stringify(domain));
  };
  const behavior = (s: Synthesized, pattern: string) =>
    distributionConfig(s).CacheBehaviors.find((b) => b.PathPattern === pattern);

  it('reaches both buckets through Origin Access Control, not OAI', () => {
    for (const bucket of [dev.stack.webBucket, dev.stack.mediaBucket]) {
      const origin = originOf(dev, bucket.node.defaultChild);
      expect(origin?.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Id'] });
      expect(origin?.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    }
    dev.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
  });

  it('serves the SPA by default with a viewer-request fallback instead of custom error responses', () => {
    const config = distributionConfig(dev);
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(originOf(dev, dev.stack.webBucket.node.defaultChild)?.Id);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
  });

  it('compresses the app (brotli or gzip, keyed on the accepted encodings) and serves /assets/* with no function', () => {
    const config = distributionConfig(dev);
    expect(config.DefaultCacheBehavior).toMatchObject({
      CachePolicyId: cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
      Compress: true,
    });
    const assets = behavior(dev, '/assets/*');
    expect(assets).toMatchObject({
      TargetOriginId: config.DefaultCacheBehavior.TargetOriginId,
      CachePolicyId: cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
      Compress: true,
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
      ResponseHeadersPolicyId: config.DefaultCacheBehavior.ResponseHeadersPolicyId,
    });
    expect(assets?.FunctionAssociations).toBeUndefined();
  });

  it('forwards /api/* uncached to the HTTP API, all methods, without the Host header', () => {
    const api = behavior(dev, '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
    });
    expect(api?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS']));
    const origin = distributionConfig(dev).Origins.find((o) => o.Id === api?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(dev.logicalId(dev.stack.api.node.defaultChild));
  });

  it('adds the origin secret to API requests as a deploy-time secret reference, never as plain text', () => {
    const api = behavior(dev, '/api/*');
    const origin = distributionConfig(dev).Origins.find((o) => o.Id === api?.TargetOriginId) as unknown as {
      CustomOriginConfig?: unknown;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    };
    const header = origin.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_SECRET_HEADER);
    expect(JSON.stringify(header?.HeaderValue)).toContain('{{resolve:secretsmanager:');
    expect(JSON.stringify(header?.HeaderValue)).toContain(
      dev.logicalId((dev.stack.node.findChild('OriginSecret') as Construct).node.defaultChild),
    );
  });

  it('serves /media/* from the media bucket as is (the path is the key under media/), cached, GET and HEAD only', () => {
    const media = behavior(dev, '/media/*');
    // The media bucket is bound twice (here, and as the first origin of /media/r/*'s origin group): the same domain.
    const target = distributionConfig(dev).Origins.find((o) => o.Id === media?.TargetOriginId);
    expect(target?.DomainName).toEqual(originOf(dev, dev.stack.mediaBucket.node.defaultChild)?.DomainName);
    expect(target?.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Id'] });
    expect(media).toMatchObject({
      CachePolicyId: cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect(media?.FunctionAssociations).toBeUndefined();
  });

  describe('response headers', () => {
    type HeadersPolicy = {
      SecurityHeadersConfig: {
        ContentSecurityPolicy?: { ContentSecurityPolicy: unknown; Override: boolean };
        ContentTypeOptions?: { Override: boolean };
        FrameOptions?: { FrameOption: string; Override: boolean };
        ReferrerPolicy?: { ReferrerPolicy: string; Override: boolean };
        StrictTransportSecurity?: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean; Override: boolean };
      };
      CustomHeadersConfig?: { Items: { Header: string; Value: string; Override: boolean }[] };
    };
    const policyOf = (behaviour: Record<string, unknown> | undefined): HeadersPolicy => {
      const ref = behaviour?.ResponseHeadersPolicyId as { Ref: string } | undefined;
      if (!ref?.Ref) throw new Error('the behaviour has no response-headers policy of ours');
      return (dev.props(ref.Ref).ResponseHeadersPolicyConfig ?? {}) as HeadersPolicy;
    };
    /** The CSP as text, with the bucket's domain token shown as BUCKET. */
    const cspOf = (policy: HeadersPolicy) => {
      const csp = policy.SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy;
      if (typeof csp === 'string') return csp;
      const parts = (csp as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      return parts.map((part) => (typeof part === 'string' ? part : 'BUCKET')).join('');
    };
    const directives = (csp: string) =>
      Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
    const common = (policy: HeadersPolicy) => {
      const security = policy.SecurityHeadersConfig;
      expect(security.ContentTypeOptions).toEqual({ Override: true });
      expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: 'no-referrer', Override: true });
      expect(security.StrictTransportSecurity).toMatchObject({
        AccessControlMaxAgeSec: 63072000,
        IncludeSubdomains: true,
      });
      expect(policy.CustomHeadersConfig?.Items).toContainEqual(
        expect.objectContaining({ Header: 'permissions-policy', Value: expect.stringContaining('camera=()') }),
      );
    };

    it('give the app a strict CSP: own scripts only, no objects, no base, not framed, uploads to the bucket', () => {
      const policy = policyOf(distributionConfig(dev).DefaultCacheBehavior);
      common(policy);
      expect(policy.SecurityHeadersConfig.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      const csp = directives(cspOf(policy));
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'", 'blob:', 'https://BUCKET']);
      expect(cspOf(policy)).not.toMatch(/unsafe-eval/);
      expect(csp['script-src']?.join(' ')).not.toMatch(/unsafe-inline/);
      const token = JSON.stringify(policy.SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy);
      expect(token).toContain(dev.logicalId(dev.stack.mediaBucket.node.defaultChild));
      expect(token).toContain('RegionalDomainName');
    });

    /** The policy of a path that serves nothing to run: the common headers, and a CSP of 'none' and a sandbox. */
    const lockedDown = (pathPattern: string) => {
      const policy = policyOf(behavior(dev, pathPattern));
      common(policy);
      const csp = directives(cspOf(policy));
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp.sandbox).toEqual([]);
      return csp;
    };

    it('let nothing in an API answer load or run', () => {
      lockedDown('/api/*');
    });

    it('sandbox uploaded files with no script', () => {
      const csp = lockedDown('/media/*');
      expect(csp['script-src']).toBeUndefined();
    });
  });
});
