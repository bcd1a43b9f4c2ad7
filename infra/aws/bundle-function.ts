/**
 * `node --import tsx infra/aws/bundle-function.ts <function> <dir>`: builds one Lambda into <dir> (index.js, or
 * index.mjs and its chunks: bundling.ts, SPLIT_FUNCTIONS) with esbuildOptions. The CDK stack runs it for each
 * function while it synthesizes (lambdaCode).
 */
import { build } from 'esbuild';
import { functionBuildOptions, ROOT } from './bundling';
import { ALL_FUNCTIONS, type FunctionName } from './functions';
import { copyNativePackages, LAMBDA_PLATFORM } from './native-packages';

const [name, outDir] = process.argv.slice(2);
if (!name || !outDir || !ALL_FUNCTIONS.includes(name as FunctionName)) {
  console.error(`usage: bundle-function.ts <${ALL_FUNCTIONS.join('|')}> <output dir>`);
  process.exit(2);
}
await build(functionBuildOptions(name as FunctionName, outDir));
// sharp and its Lambda (linux-arm64) binaries beside the bundle, for the functions that load it.
copyNativePackages(ROOT, name as FunctionName, outDir, LAMBDA_PLATFORM);
