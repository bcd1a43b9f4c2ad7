/**
 * How every Lambda is bundled. The CDK stack (lambdaCode), the local stack's bundle mode (infra/local/bundles.ts) and
 * the cold-start benchmark all build with esbuildOptions, so what runs and is measured here is what gets deployed.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { BuildOptions } from 'esbuild';
import { bundlePlugins, STAND_INS } from './bundle-plugins';
import { type FunctionName, tableActions, usesMedia } from './functions';
import { externalPackages } from './native-packages';

/** The repository root: esbuild's working directory and the base of every entry path. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** functions/<name>/handler.ts: the code of a route or background Lambda. */
export function handlerEntry(name: string): string {
  return join(ROOT, 'functions', name, 'handler.ts');
}

/** A stand-in's file: infra/aws/stand-ins/<file>. */
const standIn = (file: string) => join(ROOT, STAND_INS, file);

/**
 * The stand-ins the bundles take in place of packages; each file says why, stand-ins/README.md lists them, and
 * bundle-plugins.ts has the X-Ray ones.
 */
export const BUNDLE_ALIASES = {
  /** Lambda supplies credentials in the environment. */
  '@aws-sdk/credential-provider-node': standIn('credentials.ts'),
  /** jsonwebtoken's three Node feature checks. */
  semver: standIn('semver.ts'),
  /** jsonwebtoken's other helpers: includes on an array, once, and an ECDSA formatter HS256 never calls. */
  'lodash.includes': standIn('lodash-includes.cjs'),
  'lodash.once': standIn('lodash-once.cjs'),
  'ecdsa-sig-formatter': standIn('ecdsa-sig-formatter.cjs'),
  /** sanitize-html never parses CSS with our options. */
  postcss: standIn('postcss.ts'),
  /** sanitize-html uses only the Parser, shared/html-nesting.ts its Tokenizer. */
  htmlparser2: standIn('htmlparser2.ts'),
  /** sanitize-html calls only its naughtyHref. */
  launder: standIn('launder.ts'),
  /** No Lambda here calls an operation that streams events. */
  '@smithy/core/event-streams': standIn('event-streams.ts'),
  /** DynamoDB's endpoint cache uses five methods of it. */
  'mnemonist/lru-cache': standIn('lru-cache.ts'),
} as const;

/**
 * A Lambda's code: its bundle built by bundle-function.ts (esbuild with the plugins, which the esbuild command line
 * NodejsFunction runs cannot take), hashed by its output as NodejsFunction does. `cdk synth` builds each function
 * in a Node child process: CDK's local bundling must be synchronous, esbuild's plugin API is not.
 */
export function lambdaCode(name: string): lambda.Code {
  // The function's own folder: CDK's asset cache is keyed by it, so two functions never share a bundle.
  return lambda.Code.fromAsset(join(ROOT, 'functions', name), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: the local bundler below always builds or throws.
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
      local: new LocalBundler(name),
    },
  });
}

class LocalBundler implements ILocalBundling {
  constructor(readonly functionName: string) {}

  tryBundle(outputDir: string): boolean {
    const script = join(ROOT, 'infra/aws/bundle-function.ts');
    execFileSync(process.execPath, ['--import', 'tsx', script, this.functionName, outputDir], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    return true;
  }
}

/**
 * The functions built as ES modules split into chunks: what they load with `import()` only when a file arrives
 * (pdf.js; exceljs and mammoth) goes into chunks of its own, which Node does not read at start-up. Measured on this
 * machine, `require()` of the CommonJS bundle against `import()` of the split one (median of 9): `article-import`
 * 86 → 71 ms, `user-import` 75 → 53 ms. A Lambda with nothing loaded late gains nothing and pays the ES module
 * loader (`article`: 60 → 74 ms), so the others stay CommonJS.
 */
export const SPLIT_FUNCTIONS: readonly FunctionName[] = ['article-import', 'user-import'];

/** The file of a built function that Lambda loads for its handler `index.handler`. */
export const entryFileOf = (name: FunctionName) => (SPLIT_FUNCTIONS.includes(name) ? 'index.mjs' : 'index.js');

/** The build of one of the stack's functions into `outDir`: what lambdaCode, the local bundles and the benchmark run. */
export function functionBuildOptions(name: FunctionName, outDir: string): BuildOptions {
  const options = esbuildOptions(handlerEntry(name), join(outDir, entryFileOf(name)), name);
  if (!SPLIT_FUNCTIONS.includes(name)) return options;
  const { outfile: _single, ...rest } = options;
  return {
    ...rest,
    format: 'esm',
    splitting: true,
    outdir: outDir,
    entryNames: 'index',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    // The CommonJS packages inside call require() for Node's own modules: give each module file one.
    banner: {
      js: "import { createRequire as createBundleRequire } from 'node:module'; const require = createBundleRequire(import.meta.url);",
    },
  };
}

/**
 * The esbuild options of every bundle. `name`, the function the bundle is, cuts what its traces describe to the
 * calls it is granted.
 */
export function esbuildOptions(entry: string, outfile: string, name?: FunctionName): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    // No source maps, to keep bundles small (they would also need NODE_OPTIONS=--enable-source-maps). Nothing is
    // external: the AWS SDK is bundled, pinned by our lockfile and tree-shaken, which loads faster than the
    // runtime's full copy.
    minify: true,
    // Prefer packages' ESM builds (the AWS SDK ships dist-es) so esbuild can tree-shake them; output stays CJS.
    mainFields: ['module', 'main'],
    alias: { ...BUNDLE_ALIASES },
    // Native packages (sharp) stay out of index.js: bundle-function.ts copies them beside it (native-packages.ts).
    external: externalPackages(name),
    plugins: bundlePlugins(ROOT, name && { dynamodb: tableActions(name), s3: usesMedia(name) }),
    absWorkingDir: ROOT,
    logLevel: 'warning',
  };
}
