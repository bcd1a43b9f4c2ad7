/**
 * The Lambda bundles exactly as `cdk deploy` uploads them: each function's entry built with the stack's esbuild
 * options (infra/aws/bundling.ts) into <dir>/<name>/ (index.js, or index.mjs and its chunks), what the stack ships
 * (lambdaCode). `npm start -- --bundles`, the integration tests with LAMBDA_BUNDLES=1 and `npm run bench:cold` run
 * these files, so a dynamic import esbuild cannot follow or an alias that breaks a package fails on this machine,
 * not first in AWS.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { entryFileOf, functionBuildOptions, ROOT } from '../aws/bundling';
import { ALL_FUNCTIONS, type FunctionName } from '../aws/functions';
import { copyNativePackages, HOST_PLATFORM } from '../aws/native-packages';

export interface BuiltBundle {
  name: FunctionName;
  file: string;
  bytes: number;
  metafile: Metafile;
}

/** The file Lambda loads of a built function (index.js, or index.mjs for a split one). */
export function bundleFile(dir: string, name: FunctionName): string {
  return join(dir, name, entryFileOf(name));
}

/** A built function's module, loaded as Lambda loads it: `require()` for CommonJS, `import()` for an ES module. */
export async function loadBundle(file: string): Promise<Record<string, unknown>> {
  if (file.endsWith('.mjs')) return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return requireBundle(file) as Record<string, unknown>;
}
const requireBundle = createRequire(import.meta.url);

/** Builds `names` into `dir` (emptied first): CommonJS bundles, and ES modules for the split ones. */
export async function buildBundles(
  dir: string,
  names: readonly FunctionName[] = ALL_FUNCTIONS,
): Promise<BuiltBundle[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The repository's package.json says "type": "module"; without this Node would read index.js as ESM.
  writeFileSync(join(dir, 'package.json'), '{ "type": "commonjs" }\n');
  return Promise.all(
    names.map(async (name) => {
      const file = bundleFile(dir, name);
      const result = await build({ ...functionBuildOptions(name, join(dir, name)), metafile: true });
      // sharp beside the bundle as in the deployed folder, with this machine's binaries (native-packages.ts).
      copyNativePackages(ROOT, name, join(dir, name), HOST_PLATFORM);
      // Every file it ships: a split bundle's chunks too.
      const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
      return { name, file, bytes, metafile: result.metafile };
    }),
  );
}
