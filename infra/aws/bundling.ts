/**
 * How every Lambda is bundled. The CDK stack (NodejsFunction) and the cold-start benchmark both read these
 * options, so the benchmark measures exactly what gets deployed.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** The repository root: NodejsFunction's projectRoot and the base of every entry path. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** functions/<name>/handler.ts: the code of a route Lambda or of the publisher. */
export function handlerEntry(name: string): string {
  return join(ROOT, 'functions', name, 'handler.ts');
}

export const BUNDLE = {
  target: 'node22',
  minify: true,
  // Off to keep bundles small; turning them on also needs NODE_OPTIONS=--enable-source-maps on the functions.
  sourceMap: false,
  // The AWS SDK is bundled, not taken from the runtime: versions are pinned by our lockfile and a bundled,
  // tree-shaken SDK loads faster than the runtime's full copy.
  externalModules: [] as string[],
  // Prefer packages' ESM builds (the AWS SDK ships dist-es) so esbuild can tree-shake them; output stays CJS.
  mainFields: ['module', 'main'],
  /** See functions/lib/lambda-credentials.ts: Lambda supplies credentials in the environment. */
  alias: {
    '@aws-sdk/credential-provider-node': join(ROOT, 'functions/lib/lambda-credentials.ts'),
    /** See functions/lib/lambda-semver.ts: jsonwebtoken's three Node feature checks. */
    semver: join(ROOT, 'functions/lib/lambda-semver.ts'),
    /** See functions/lib/lambda-postcss.ts: sanitize-html never parses CSS with our options. */
    postcss: join(ROOT, 'functions/lib/lambda-postcss.ts'),
    /** See functions/lib/lambda-htmlparser2.ts: sanitize-html uses only the Parser. */
    htmlparser2: join(ROOT, 'functions/lib/lambda-htmlparser2.ts'),
    /** See functions/lib/lambda-launder.ts: sanitize-html calls only its naughtyHref. */
    launder: join(ROOT, 'functions/lib/lambda-launder.ts'),
    /** See functions/lib/lambda-event-streams.ts: no Lambda here calls an operation that streams events. */
    '@smithy/core/event-streams': join(ROOT, 'functions/lib/lambda-event-streams.ts'),
    /** See functions/lib/lambda-lru-cache.ts: DynamoDB's endpoint cache uses five methods of it. */
    'mnemonist/lru-cache': join(ROOT, 'functions/lib/lambda-lru-cache.ts'),
  },
} as const;

/** NodejsFunction bundling: the local esbuild devDependency, never Docker. */
export const cdkBundling: BundlingOptions = {
  target: BUNDLE.target,
  minify: BUNDLE.minify,
  sourceMap: BUNDLE.sourceMap,
  externalModules: [...BUNDLE.externalModules],
  mainFields: [...BUNDLE.mainFields],
  format: OutputFormat.CJS,
  forceDockerBundling: false,
  esbuildArgs: Object.fromEntries(Object.entries(BUNDLE.alias).map(([from, to]) => [`--alias:${from}`, to])),
};

/** The esbuild options NodejsFunction derives from cdkBundling (bundle, platform node, CJS), for direct builds. */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: BUNDLE.target,
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourceMap,
    external: [...BUNDLE.externalModules],
    mainFields: [...BUNDLE.mainFields],
    alias: { ...BUNDLE.alias },
    absWorkingDir: ROOT,
    logLevel: 'warning',
  };
}
