/**
 * CloudFront response-headers policies from the header sets in shared/security-headers.ts, so CloudFront sends
 * exactly what the local gateway sends. CloudFront takes its "security headers" as typed settings and refuses
 * them as custom headers; everything else goes in as a custom header.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

function strictTransportSecurity(value: string): cloudfront.ResponseSecurityHeadersBehavior['strictTransportSecurity'] {
  const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1]);
  if (!Number.isFinite(maxAge)) throw new Error(`strict-transport-security without max-age: ${value}`);
  return {
    accessControlMaxAge: Duration.seconds(maxAge),
    includeSubdomains: /includeSubDomains/i.test(value),
    preload: /preload/i.test(value),
    override: true,
  };
}

function frameOption(value: string): cloudfront.HeadersFrameOption {
  if (value.toUpperCase() === 'DENY') return cloudfront.HeadersFrameOption.DENY;
  if (value.toUpperCase() === 'SAMEORIGIN') return cloudfront.HeadersFrameOption.SAMEORIGIN;
  throw new Error(`x-frame-options not supported by CloudFront: ${value}`);
}

function referrerPolicy(value: string): cloudfront.HeadersReferrerPolicy {
  const known = Object.values(cloudfront.HeadersReferrerPolicy) as string[];
  if (!known.includes(value)) throw new Error(`referrer-policy not supported by CloudFront: ${value}`);
  return value as cloudfront.HeadersReferrerPolicy;
}

/**
 * A response-headers policy that sets (overriding the origin's) every header of `headers`, and answers CORS as
 * `cors` says when given.
 */
export function responseHeadersPolicy(
  scope: Construct,
  id: string,
  comment: string,
  headers: Readonly<Record<string, string>>,
  cors?: cloudfront.ResponseHeadersCorsBehavior,
): cloudfront.ResponseHeadersPolicy {
  const security: cloudfront.ResponseSecurityHeadersBehavior = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        Object.assign(security, { contentSecurityPolicy: { contentSecurityPolicy: value, override: true } });
        break;
      case 'x-content-type-options':
        Object.assign(security, { contentTypeOptions: { override: true } });
        break;
      case 'x-frame-options':
        Object.assign(security, { frameOptions: { frameOption: frameOption(value), override: true } });
        break;
      case 'referrer-policy':
        Object.assign(security, { referrerPolicy: { referrerPolicy: referrerPolicy(value), override: true } });
        break;
      case 'strict-transport-security':
        Object.assign(security, { strictTransportSecurity: strictTransportSecurity(value) });
        break;
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: security,
    customHeadersBehavior: custom.length > 0 ? { customHeaders: custom } : undefined,
    corsBehavior: cors,
  });
}
