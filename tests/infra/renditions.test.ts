/**
 * The `/media/r/*` behaviour (infra/aws/rendition-edge.ts): before `/media/*`, its viewer function the deployed
 * text of renditionViewerRequestCode, an origin group that falls back from the bucket to the API on 403 and 404,
 * a cache key of the URI alone kept a year, the media headers with Vary: Accept; and `/api/media…` refused.
 */
import { describe, expect, it } from 'vitest';
import { renditionViewerRequestCode } from '../../infra/aws/rendition-edge';
import { ORIGIN_SECRET_HEADER } from '../../shared/addresses';
import { type Synthesized, synthOnce } from './synth';

const dev = synthOnce();

interface Origin {
  Id: string;
  DomainName: unknown;
  OriginAccessControlId?: unknown;
  CustomOriginConfig?: unknown;
  OriginCustomHeaders?: { HeaderName: string }[];
}
interface Config {
  Origins: Origin[];
  OriginGroups?: {
    Items: {
      Id: string;
      FailoverCriteria: { StatusCodes: { Items: number[] } };
      Members: { Items: { OriginId: string }[] };
    }[];
  };
  CacheBehaviors: Record<string, unknown>[];
}

const config = (s: Synthesized) => {
  const [[, distribution] = []] = s.ofType('AWS::CloudFront::Distribution');
  return distribution?.Properties?.DistributionConfig as Config;
};
const functionCode = (association: unknown) => {
  const arn = (association as { FunctionARN: { 'Fn::GetAtt': [string] } }).FunctionARN['Fn::GetAtt'][0];
  return dev.props(arn).FunctionCode as string;
};

describe('renditions at the edge', () => {
  const behaviours = () => config(dev).CacheBehaviors;
  const renditionBehaviour = () => behaviours().find((b) => b.PathPattern === '/media/r/*');

  it('comes before /media/*, which would match its paths too', () => {
    const patterns = behaviours().map((b) => b.PathPattern);
    expect(patterns.indexOf('/media/r/*')).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf('/media/r/*')).toBeLessThan(patterns.indexOf('/media/*'));
  });

  it('rewrites with the generated function, on the viewer request', () => {
    const renditions = renditionBehaviour();
    const associations = renditions?.FunctionAssociations as { EventType: string }[];
    expect(associations).toHaveLength(1);
    expect(associations[0]?.EventType).toBe('viewer-request');
    expect(functionCode(associations[0])).toBe(renditionViewerRequestCode());
  });

  it('reads the bucket first and asks the API, with the origin secret, only on its 403 or 404', () => {
    const renditions = renditionBehaviour();
    const group = config(dev).OriginGroups?.Items.find((g) => g.Id === renditions?.TargetOriginId);
    expect(group?.FailoverCriteria.StatusCodes.Items.sort()).toEqual([403, 404]);
    const [primary, fallback] = (group?.Members.Items ?? []).map((m) =>
      config(dev).Origins.find((o) => o.Id === m.OriginId),
    );
    const mediaDomain = {
      'Fn::GetAtt': [dev.logicalId(dev.stack.mediaBucket.node.defaultChild), 'RegionalDomainName'],
    };
    expect(primary?.DomainName).toEqual(mediaDomain);
    expect(primary?.OriginAccessControlId).toBeDefined();
    expect(fallback?.CustomOriginConfig).toBeDefined();
    expect(fallback?.OriginCustomHeaders?.map((h) => h.HeaderName)).toContain(ORIGIN_SECRET_HEADER);
    expect(renditions?.AllowedMethods).toEqual(['GET', 'HEAD']);
  });

  it('keys the cache on the rewritten URI alone, for a year', () => {
    const renditions = renditionBehaviour();
    const policyId = (renditions?.CachePolicyId as { Ref: string } | undefined)?.Ref ?? '';
    const policy = dev.props(policyId).CachePolicyConfig as {
      DefaultTTL: number;
      MaxTTL: number;
      MinTTL: number;
      ParametersInCacheKeyAndForwardedToOrigin: Record<string, { [k: string]: unknown }>;
    };
    expect(policy).toMatchObject({ DefaultTTL: 31_536_000, MaxTTL: 31_536_000, MinTTL: 0 });
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'none' });
  });

  it('answers with the media headers and Vary: Accept', () => {
    const renditions = renditionBehaviour();
    const policyId = (renditions?.ResponseHeadersPolicyId as { Ref: string } | undefined)?.Ref ?? '';
    const policy = dev.props(policyId).ResponseHeadersPolicyConfig as {
      CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
      SecurityHeadersConfig: {
        ContentTypeOptions?: unknown;
        ContentSecurityPolicy?: { ContentSecurityPolicy: string };
      };
    };
    expect(policy.CustomHeadersConfig.Items).toContainEqual(
      expect.objectContaining({ Header: 'vary', Value: 'Accept' }),
    );
    expect(policy.SecurityHeadersConfig.ContentTypeOptions).toBeDefined();
    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy).toContain('sandbox');
  });

  it('refuses /api/media… at the API behaviour’s function, as /content/v1', () => {
    const api = behaviours().find((b) => b.PathPattern === '/api/*');
    const code = functionCode((api?.FunctionAssociations as unknown[] | undefined)?.[0]);
    const handler = new Function(`${code}\nreturn handler;`)() as (event: unknown) => {
      statusCode?: number;
      uri?: string;
    };
    const ask = (uri: string) =>
      handler({ request: { uri, headers: {}, method: 'GET' }, viewer: { ip: '203.0.113.7' } });
    expect(ask('/api/media/r/cover-image/x.jpg/webp/w640')).toMatchObject({ statusCode: 404 });
    expect(ask('/api/content/v1/site')).toMatchObject({ statusCode: 404 });
    expect(ask('/api/category')).toMatchObject({ uri: '/category' });
  });
});
