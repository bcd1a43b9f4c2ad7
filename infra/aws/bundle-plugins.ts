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
 * The folder of the files the bundles take in place of packages or of parts of them, relative to the repository root.
 * They live beside the build because nothing but the build loads them (stand-ins/README.md).
 */
export const STAND_INS = 'infra/aws/stand-ins';

/** The AWS calls a function may make (its IAM grants, infra/aws/functions.ts): what its traces describe. */
export interface TracedCalls {
  /** DynamoDB operations, as IAM names them (`dynamodb:GetItem`). */
  dynamodb: readonly string[];
  /** Whether it reads or writes objects of the media bucket. */
  s3: boolean;
}

/**
 * The X-Ray SDK as a Lambda runs it. `aws-xray-sdk-core` resolves to stand-ins/xray.cjs (the members the Tracer
 * uses, without the SDK's servers-only parts); its Lambda start-up's `mw_utils` to stand-ins/xray-sampling.ts
 * (nothing samples in Lambda); and the list of request and response fields a trace keeps per AWS call (the SDK's
 * aws_whitelist.json) is cut to the calls the function may make (`calls`; when not given, DynamoDB and S3's object
 * operations, which is everything any of ours makes).
 */
function xrayForLambda(root: string, calls?: TracedCalls): Plugin {
  return {
    name: 'xray-for-lambda',
    setup(build) {
      build.onResolve({ filter: /^aws-xray-sdk-core$/ }, () => ({ path: join(root, STAND_INS, 'xray.cjs') }));
      build.onResolve({ filter: /^\.\.\/middleware\/mw_utils$/ }, (args) =>
        /[\\/]aws-xray-sdk-core[\\/]dist[\\/]lib[\\/]env[\\/]aws_lambda\.js$/.test(args.importer)
          ? { path: join(root, STAND_INS, 'xray-sampling.ts') }
          : undefined,
      );
      build.onLoad(
        { filter: /[\\/]aws-xray-sdk-core[\\/]dist[\\/]lib[\\/]resources[\\/]aws_whitelist\.json$/ },
        (args) => ({
          contents: JSON.stringify(calledOperationsOnly(JSON.parse(readFileSync(args.path, 'utf8')), calls)),
          loader: 'json',
        }),
      );
    },
  };
}

interface AwsWhitelist {
  services: Record<string, { operations: Record<string, unknown> }>;
}

/**
 * The whitelist cut to `calls`: DynamoDB's operations among them, and S3's object operations when the function
 * uses the bucket (none of ours touches a bucket's configuration). Without `calls`, DynamoDB whole and S3's object
 * operations.
 */
export function calledOperationsOnly(whitelist: AwsWhitelist, calls?: TracedCalls): AwsWhitelist {
  const { dynamodb, s3 } = whitelist.services;
  if (!dynamodb || !s3) throw new Error('aws_whitelist.json: no dynamodb or s3 entry');
  // `dynamodb:GetItem` is the whitelist's `getItem`.
  const granted =
    calls && new Set(calls.dynamodb.map((action) => action.replace(/^dynamodb:(.)/, (_, c) => c.toLowerCase())));
  const pick = (operations: Record<string, unknown>, keep: (operation: string) => boolean) =>
    Object.fromEntries(Object.entries(operations).filter(([operation]) => keep(operation)));
  const services: AwsWhitelist['services'] = {
    dynamodb: granted ? { ...dynamodb, operations: pick(dynamodb.operations, (o) => granted.has(o)) } : dynamodb,
  };
  if (!calls || calls.s3) services.s3 = { ...s3, operations: pick(s3.operations, (o) => !/Bucket/.test(o)) };
  return { ...whitelist, services };
}

/** The plugins a Lambda bundle is built with; `calls` are the function's, when the bundle is one of the stack's. */
export function bundlePlugins(root: string, calls?: TracedCalls): Plugin[] {
  return [sdkSchemaLiteralKeys, sdkPackageVersionOnly, xrayForLambda(root, calls)];
}
