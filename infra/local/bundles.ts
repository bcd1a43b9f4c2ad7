/**
 * The Lambda bundles exactly as `cdk deploy` uploads them: each function's entry built with the stack's esbuild
 * options (infra/aws/bundling.ts) into <dir>/<name>/index.js, the file the stack ships (lambdaCode). `npm start -- --bundles`,
 * the integration tests with LAMBDA_BUNDLES=1 and `npm run bench:cold` run these files, so a dynamic import
 * esbuild cannot follow or an alias that breaks a package fails on this machine, not first in AWS.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { functionBuildOptions, ROOT } from '../aws/bundling';
import { ALL_FUNCTIONS, type FunctionName } from '../aws/functions';
import { copyNativePackages, HOST_PLATFORM } from '../aws/native-packages';

export interface BuiltBundle {
  name: FunctionName;
  file: string;
  bytes: number;
  metafile: Metafile;
}

/** The file a built function's code is in. */
export function bundleFile(dir: string, name: string): string {
  return join(dir, name, 'index.js');
}

/** Builds `names` into `dir` (emptied first); the bundles are CommonJS, as Lambda loads them. */
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
      const result = await build({ ...functionBuildOptions(name, file), metafile: true });
      // sharp beside index.js as in the deployed folder, with this machine's binaries (native-packages.ts).
      copyNativePackages(ROOT, name, join(dir, name), HOST_PLATFORM);
      const output = Object.values(result.metafile.outputs)[0];
      return { name, file, bytes: output?.bytes ?? 0, metafile: result.metafile };
    }),
  );
}
