/**
 * The esbuild plugins of the Lambda bundles (bundling.ts): each drops code a Lambda carries but never runs, in a way
 * esbuild's options alone cannot express. Together they take 40–80 KB off each bundle (README → Cold start).
 * Every one changes what is bundled, never what runs: tests/integration/bundles.test.ts and the rest of the
 * integration suite run the built bundles, and tests/integration/tracing.test.ts reads a traced bundle's segments.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * The AWS SDK's generated schema modules (`@aws-sdk/client-* /dist-es/schemas/schemas_0.js`) write trait objects
 * with computed keys (`{ [_e]: _c }`, where `const _e = "error"`). esbuild must assume a computed key may run code,
 * so it keeps every schema of the service: S3's whole API (~66 KB) in a Lambda that calls nine operations of it.
 * This writes those keys as the string literals they are, so unused schemas are left out. It is the change of
 * smithy-lang/smithy-typescript#1889 (for aws/aws-sdk-js-v3#7607), made at build time until the SDK ships it.
 */
export const sdkSchemaLiteralKeys: Plugin = {
  name: 'sdk-schema-literal-keys',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/ },
      (args) => {
        return { contents: literalSchemaKeys(readFileSync(args.path, 'utf8'), args.path), loader: 'js' };
      },
    );
  },
};

/** `source` with each `[_name]:` key, where `const _name = "…";` is declared in it, written as that string. */
export function literalSchemaKeys(source: string, file = 'schema module'): string {
  const strings = new Map<string, string>();
  for (const [, name, literal] of source.matchAll(/^const (_\w+) = ("(?:[^"\\\n]|\\.)*");$/gm)) {
    strings.set(name as string, literal as string);
  }
  return source.replace(/\[(_\w+)\]:/g, (key, name: string) => {
    const literal = strings.get(name);
    // A key that is not one of the module's string constants means the generated code changed: fail the build.
    if (literal === undefined) throw new Error(`${file}: computed key ${key} is not a string constant of the module`);
    return `${literal}:`;
  });
}

/**
 * The SDK clients import their whole package.json to put `.version` in the user agent, and the X-Ray SDK reads
 * `name` and `version` from its own: 1.5–2.5 KB each, of which two fields are read.
 */
export const sdkPackageVersionOnly: Plugin = {
  name: 'sdk-package-version-only',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]node_modules[\\/](@aws-sdk[\\/]client-[^\\/]+|aws-xray-sdk-core)[\\/]package\.json$/ },
      (args) => {
        const { name, version } = JSON.parse(readFileSync(args.path, 'utf8'));
        return { contents: JSON.stringify({ name, version }), loader: 'json' };
      },
    );
  },
};

/**
 * The X-Ray SDK as a Lambda runs it. `aws-xray-sdk-core` resolves to functions/lib/lambda-xray.cjs (the members
 * the Tracer uses, without the SDK's servers-only parts); its Lambda start-up's `mw_utils` to
 * functions/lib/lambda-xray-sampling.ts (nothing samples in Lambda); and the list of request and response fields a
 * trace keeps per AWS call is cut to the services the Lambdas call: DynamoDB, and S3's object operations.
 */
export function xrayForLambda(root: string): Plugin {
  return {
    name: 'xray-for-lambda',
    setup(build) {
      build.onResolve({ filter: /^aws-xray-sdk-core$/ }, () => ({ path: join(root, 'functions/lib/lambda-xray.cjs') }));
      build.onResolve({ filter: /^\.\.\/middleware\/mw_utils$/ }, (args) =>
        /[\\/]aws-xray-sdk-core[\\/]dist[\\/]lib[\\/]env[\\/]aws_lambda\.js$/.test(args.importer)
          ? { path: join(root, 'functions/lib/lambda-xray-sampling.ts') }
          : undefined,
      );
      build.onLoad(
        { filter: /[\\/]aws-xray-sdk-core[\\/]dist[\\/]lib[\\/]resources[\\/]aws_whitelist\.json$/ },
        (args) => ({
          contents: JSON.stringify(calledServicesOnly(JSON.parse(readFileSync(args.path, 'utf8')))),
          loader: 'json',
        }),
      );
    },
  };
}

interface AwsWhitelist {
  services: Record<string, { operations: Record<string, unknown> }>;
}

/** The whitelist with DynamoDB whole and S3's object operations (none of ours touches a bucket's configuration). */
export function calledServicesOnly(whitelist: AwsWhitelist): AwsWhitelist {
  const { dynamodb, s3 } = whitelist.services;
  if (!dynamodb || !s3) throw new Error('aws_whitelist.json: no dynamodb or s3 entry');
  const objectOperations = Object.entries(s3.operations).filter(([operation]) => !/Bucket/.test(operation));
  return {
    ...whitelist,
    services: { dynamodb, s3: { ...s3, operations: Object.fromEntries(objectOperations) } },
  };
}

/** The plugins every Lambda bundle is built with. */
export function bundlePlugins(root: string): Plugin[] {
  return [sdkSchemaLiteralKeys, sdkPackageVersionOnly, xrayForLambda(root)];
}
