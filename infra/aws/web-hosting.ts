/**
 * CloudFront in front of the admin app's bucket, the API and the checked media, with the security headers of
 * shared/security-headers.ts, and the deployment of the built app (infra/README.md → Caching and compression).
 */

import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { Annotations, Fn, type Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { API_BASE, MEDIA_BASE, ORIGIN_SECRET_HEADER, WEB_ASSETS_DIR, WEB_CACHE_CONTROL } from '../../shared/addresses';
import { API_SECURITY_HEADERS, adminAppHeaders, MEDIA_SECURITY_HEADERS } from '../../shared/security-headers';
import { ROOT } from './bundling';
import type { DeployContext } from './context';
import { apiViewerRequestCode, spaFallbackCode } from './edge-functions';
import { acknowledge } from './nag';
import { RENDITION_PATH_PATTERN, renditionBehavior } from './rendition-edge';
import { responseHeadersPolicy } from './response-headers';
import { ACCESS_LOG_PREFIX } from './storage';

export interface WebHostingParts {
  stage: string;
  webBucket: s3.Bucket;
  mediaBucket: s3.Bucket;
  api: HttpApi;
  /** Sent by CloudFront to the API, which refuses requests without it. */
  originSecret: secretsmanager.Secret;
  /** The built web app; when missing the stack is still valid, without the upload (and a warning). */
  webDist: string;
  /** Where CloudFront's standard logs go (cloudfront/). */
  logsBucket: s3.Bucket;
  customDomain: DeployContext['customDomain'];
  webAclArn: DeployContext['webAclArn'];
  /** Named in the distribution's comment, so a new one updates it and CloudFront reads the origin secret again. */
  secretsRevision: DeployContext['secretsRevision'];
  /**
   * More behaviours to the HTTP API, by path pattern, each with its own caching and function (the delivery API,
   * delivery.ts): the same origin, so the origin secret goes with them too.
   */
  apiBehaviors?: Record<string, Omit<cloudfront.BehaviorOptions, 'origin'>>;
}

/** The distribution, and the upload of the built app to its bucket when there is one. */
export function addWebHosting(
  stack: Stack,
  {
    stage,
    webBucket,
    mediaBucket,
    api,
    originSecret,
    webDist,
    logsBucket,
    customDomain,
    webAclArn,
    secretsRevision,
    apiBehaviors = {},
  }: WebHostingParts,
): cloudfront.Distribution {
  const viewerRequest = (id: string, code: string): cloudfront.FunctionAssociation[] => [
    {
      eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
      function: new cloudfront.Function(stack, id, {
        code: cloudfront.FunctionCode.fromInline(code),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
      }),
    },
  ];
  // The same headers the local gateway sends (shared/security-headers.ts). Browsers upload straight to the
  // media bucket's regional endpoint, which the admin's connect-src must allow.
  const uploadOrigin = `https://${mediaBucket.bucketRegionalDomainName}`;
  const appHeaders = responseHeadersPolicy(stack, 'AppHeaders', 'Admin app', adminAppHeaders(uploadOrigin));
  const apiHeaders = responseHeadersPolicy(stack, 'ApiHeaders', 'Admin API', API_SECURITY_HEADERS);
  const mediaHeaders = responseHeadersPolicy(stack, 'MediaHeaders', 'Uploaded files', MEDIA_SECURITY_HEADERS);
  // Renditions: the same headers, and Vary: Accept (one address, a format per browser; S3 cannot store a Vary).
  const renditionHeaders = responseHeadersPolicy(stack, 'RenditionHeaders', 'Image renditions', {
    ...MEDIA_SECURITY_HEADERS,
    vary: 'Accept',
  });
  const mediaOrigin = origins.S3BucketOrigin.withOriginAccessControl(mediaBucket, {
    originAccessLevels: [cloudfront.AccessLevel.READ],
  });
  // The API domain without the scheme: apiEndpoint is `https://<id>.execute-api.<region>.amazonaws.com`.
  const apiDomain = Fn.select(2, Fn.split('/', api.apiEndpoint));
  const webOrigin = origins.S3BucketOrigin.withOriginAccessControl(webBucket);
  const apiOrigin = new origins.HttpOrigin(apiDomain, {
    protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    // A CloudFormation dynamic reference: resolved at deploy time, never written into the template.
    customHeaders: { [ORIGIN_SECRET_HEADER]: originSecret.secretValue.unsafeUnwrap() },
  });
  const distribution = new cloudfront.Distribution(stack, 'Distribution', {
    comment: `Admin Portal (${stage})${secretsRevision ? `, secrets revision ${secretsRevision}` : ''}`,
    defaultRootObject: 'index.html',
    // The admin's own host name, with its certificate (ACM in us-east-1), browsers held to TLS 1.2 or later.
    ...(customDomain && {
      domainNames: [customDomain.domainName],
      certificate: acm.Certificate.fromCertificateArn(stack, 'Certificate', customDomain.certificateArn),
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
    }),
    webAclId: webAclArn,
    enableLogging: true,
    logBucket: logsBucket,
    logFilePrefix: ACCESS_LOG_PREFIX.cloudfront,
    // No custom error responses: they would turn the API's JSON 404s into index.html. The SPA fallback is
    // the viewer-request function on the default behaviour instead.
    defaultBehavior: {
      origin: webOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // CachingOptimized keys on the accepted encodings, so CloudFront compresses (brotli, else gzip).
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      compress: true,
      responseHeadersPolicy: appHeaders,
      functionAssociations: viewerRequest('SpaFallback', spaFallbackCode),
    },
    additionalBehaviors: {
      // The app's hashed files: compressed and cached like the rest, without the SPA fallback function (a file
      // there has a name with a dot anyway), so an asset costs no function invocation.
      [`/${WEB_ASSETS_DIR}/*`]: {
        origin: webOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: appHeaders,
      },
      [`${API_BASE}/*`]: {
        origin: apiOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        // With caching disabled this policy forwards the Authorization header too; the Host header must
        // stay API Gateway's own.
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: apiHeaders,
        functionAssociations: viewerRequest(
          'ApiPath',
          apiViewerRequestCode(API_BASE, [
            ...Object.keys(apiBehaviors).map((pattern) => pattern.replace(/\/\*$/, '')),
            // The render route: reached only through /media/r/* (its viewer function, its cache).
            MEDIA_BASE,
          ]),
        ),
      },
      ...Object.fromEntries(
        Object.entries(apiBehaviors).map(([pattern, behavior]) => [pattern, { ...behavior, origin: apiOrigin }]),
      ),
      // Before `/media/*`, which would match it too (behaviours match in order).
      [RENDITION_PATH_PATTERN]: renditionBehavior(stack, {
        mediaOrigin,
        apiOrigin,
        responseHeadersPolicy: renditionHeaders,
      }),
      // The URL path is the object key (`/media/x` is `media/x`, CloudFront normalizes dot segments before it
      // matches a behaviour): only checked copies under media/ are ever served, never uploads/.
      [`${MEDIA_BASE}/*`]: {
        origin: mediaOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: mediaHeaders,
      },
    },
  });

  acknowledge(distribution, {
    'AwsSolutions-CFR1':
      'No geographic restriction: reporters and editors work from wherever the news is; sign-in has its own throttle and two-factor.',
  });
  if (!webAclArn) {
    acknowledge(distribution, {
      'AwsSolutions-CFR2':
        'No WAF unless the context webAclArn names one (a CloudFront web ACL lives in us-east-1, outside this stack); the API has its stage throttle and sign-in its own.',
    });
  }
  if (!customDomain) {
    acknowledge(distribution, {
      'AwsSolutions-CFR4':
        'The default *.cloudfront.net certificate allows no minimum TLS version to be set; with domainName and certificateArn the distribution requires TLS 1.2 (TLSv1.2_2021).',
    });
  }

  if (existsSync(webDist)) {
    // The hashed files first, kept for a year by browsers (their names change with their content), and never
    // pruned: a tab opened before a deploy still loads its lazy screens from the build it started with.
    const assets = new s3deploy.BucketDeployment(stack, 'WebAssetsDeployment', {
      sources: [s3deploy.Source.asset(webDist)],
      destinationBucket: webBucket,
      exclude: ['*'],
      include: [`${WEB_ASSETS_DIR}/*`],
      cacheControl: [s3deploy.CacheControl.fromString(WEB_CACHE_CONTROL.assets)],
      prune: false,
    });
    // Then index.html (and any other root file), asked again on every load; the invalidation drops the edge's
    // copies.
    const root = new s3deploy.BucketDeployment(stack, 'WebDeployment', {
      sources: [s3deploy.Source.asset(webDist)],
      destinationBucket: webBucket,
      exclude: [`${WEB_ASSETS_DIR}/*`],
      cacheControl: [s3deploy.CacheControl.fromString(WEB_CACHE_CONTROL.root)],
      distribution,
      distributionPaths: ['/*'],
    });
    root.node.addDependency(assets);
  } else {
    Annotations.of(stack).addWarningV2(
      'admin-portal:web-dist-missing',
      `${relative(ROOT, webDist)} does not exist: the web app is NOT deployed. Run \`npm run build:web\` first.`,
    );
  }
  return distribution;
}
