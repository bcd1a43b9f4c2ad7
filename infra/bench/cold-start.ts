/**
 * Cold-start benchmark (`npm run bench:cold`): bundles every Lambda exactly as the CDK stack does
 * (infra/local/bundles.ts with infra/aws/bundling.ts) into .bench/<name>/, then times the load of each bundle in fresh
 * Node processes, as Lambda loads it (`require()`, or `import()` of a split bundle's index.mjs). Exits non-zero only
 * when a bundle cannot be built or loaded (or the table cannot be written into infra/bench/README.md), not when a
 * target is missed.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { ROOT } from '../aws/bundling';
import { buildBundles } from '../local/bundles';
import { report, SECTION } from './report';

const RUNS = 7;
/**
 * The target is what a user waits for: import p50 ≤ 150 ms. Bundle sizes are reported beside it, no longer a target
 * of their own (the 400 KB size budget stood in for cold start until cold start itself was measured: retired).
 */
const TARGET_MS = 150;
/** Bundles above this size get their largest packages listed, as a lead for whoever trims one. */
const LIST_PACKAGES_OVER_KB = 400;
const OUT_DIR = join(ROOT, '.bench');

// Runs in the child: only the load is timed, not Node's own start-up. As Lambda loads a handler file: require() for
// CommonJS, import() for an ES module (a split bundle's index.mjs, its late chunks left unread).
const CHILD = `
const { performance } = require('node:perf_hooks');
const { pathToFileURL } = require('node:url');
const file = process.argv[1];
const start = performance.now();
const done = () => {
  process.stdout.write(JSON.stringify({ ms: performance.now() - start }));
  process.exit(0);
};
if (file.endsWith('.mjs')) import(pathToFileURL(file).href).then(done);
else {
  require(file);
  done();
}
`;

interface Result {
  name: string;
  kb: number;
  times: number[];
  packages: [string, number][];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Bytes each npm package (or our own code) contributes to the minified output. */
function packageSizes(metafile: Metafile): [string, number][] {
  const sizes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? 'our code (functions/, shared/)';
      sizes.set(pkg, (sizes.get(pkg) ?? 0) + bytesInOutput);
    }
  }
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

function timeLoad(bundle: string): number[] {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const child = spawnSync(process.execPath, ['-e', CHILD, bundle], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, AWS_REGION: process.env.AWS_REGION ?? 'us-east-1' },
    });
    if (child.status !== 0) throw new Error(`loading failed:\n${child.stderr || child.error?.message}`);
    times.push((JSON.parse(child.stdout) as { ms: number }).ms);
  }
  return times;
}

async function main(): Promise<void> {
  const results: Result[] = [];
  const failures: string[] = [];
  // Every function of the stack, built exactly as the local stack's bundle mode and `cdk deploy` build them.
  for (const bundle of await buildBundles(OUT_DIR)) {
    try {
      writeFileSync(join(OUT_DIR, bundle.name, 'meta.json'), JSON.stringify(bundle.metafile));
      const kb = bundle.bytes / 1024;
      results.push({ name: bundle.name, kb, times: timeLoad(bundle.file), packages: packageSizes(bundle.metafile) });
    } catch (error) {
      failures.push(`${bundle.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const table = [
    `Cold start: ${RUNS} fresh Node ${process.version} processes per bundle, time of the load only (require(), or import() of a split bundle)`,
    '',
    '| handler | bundle KB | import ms (median) | min | max | within target (import p50 ≤ 150 ms) |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    const ms = median(r.times);
    const verdict = ms > TARGET_MS ? 'no' : 'yes';
    const cells = [r.kb.toFixed(1), ms.toFixed(1), Math.min(...r.times).toFixed(1), Math.max(...r.times).toFixed(1)];
    table.push(`| ${r.name} | ${cells.join(' | ')} | ${verdict} |`);
  }
  console.log('');
  report(SECTION.coldStart, table);

  const large = results.filter((r) => r.kb > LIST_PACKAGES_OVER_KB);
  if (large.length > 0) {
    console.log(
      `\nLargest packages in bundles over ${LIST_PACKAGES_OVER_KB} KB (bytes in the minified output, esbuild metafile):`,
    );
    for (const r of large) {
      const top = r.packages.slice(0, 8).map(([pkg, bytes]) => `${pkg} ${(bytes / 1024).toFixed(0)} KB`);
      console.log(`- ${r.name}: ${top.join(', ')}`);
    }
    console.log(`(metafiles: .bench/<name>/meta.json, open them in https://esbuild.github.io/analyze/)`);
  }
  if (failures.length > 0) {
    console.error(`\nFailed:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
