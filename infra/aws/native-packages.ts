/**
 * Packages a bundle cannot hold: sharp (libvips, a native module of ~20 MB) is left out of esbuild's index.js
 * (`external`) and copied beside it, into the function's own node_modules, with the prebuilt binaries of the
 * platform the code runs on: Lambda's (linux-arm64, glibc) for `cdk deploy`, this machine's for the local bundles
 * and the cold-start benchmark. A binary for another platform than this machine's is fetched with `npm pack` at
 * the version package-lock.json pins and checked against its integrity; npm's cache keeps it for the next build.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FunctionName } from './functions';

/** The functions that load sharp at run time (media-render makes renditions; asset cleans uploaded pictures). */
export const NATIVE_PACKAGES: Partial<Record<FunctionName, readonly string[]>> = {
  'media-render': ['sharp'],
  asset: ['sharp'],
} as Partial<Record<FunctionName, readonly string[]>>;

/** The packages a function's bundle leaves to its node_modules (esbuild's `external`). */
export const externalPackages = (name: FunctionName | undefined): string[] =>
  name ? [...(NATIVE_PACKAGES[name] ?? [])] : [];

/** Where the code runs: Lambda's platform (lambdas.ts: ARM_64 on Amazon Linux, glibc), or this machine's. */
export interface Platform {
  os: string;
  cpu: string;
}
export const LAMBDA_PLATFORM: Platform = { os: 'linux', cpu: 'arm64' };
export const HOST_PLATFORM: Platform = { os: process.platform, cpu: process.arch };

interface LockEntry {
  version: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function lockEntry(root: string, name: string): LockEntry {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry) throw new Error(`package-lock.json has no ${name}: run npm install`);
  return entry;
}

/** The installed package's folder, or undefined when npm left it out (another platform's binary). */
function installedDir(root: string, name: string): string | undefined {
  const dir = join(root, 'node_modules', name);
  return existsSync(join(dir, 'package.json')) ? dir : undefined;
}

/** `npm pack` of the locked version into a cache folder, checked against the lock's integrity, unpacked. */
function fetchedDir(root: string, name: string): string {
  const entry = lockEntry(root, name);
  const cache = join(root, 'node_modules', '.cache', 'native-packages');
  const dir = join(cache, `${name.replace('/', '+')}@${entry.version}`);
  if (existsSync(join(dir, 'package.json'))) return dir;
  mkdirSync(cache, { recursive: true });
  const out = execFileSync('npm', ['pack', `${name}@${entry.version}`, '--json', '--pack-destination', cache], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [{ filename }] = JSON.parse(out) as [{ filename: string }];
  const tarball = join(cache, filename.replace('@', '').replace('/', '-'));
  const file = existsSync(tarball) ? tarball : join(cache, filename);
  const [algorithm, expected] = (entry.integrity ?? '').split('-', 2) as [string, string];
  const actual = createHash(algorithm || 'sha512')
    .update(readFileSync(file))
    .digest('base64');
  if (!expected || actual !== expected)
    throw new Error(`${name}@${entry.version}: integrity differs from package-lock.json`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', file, '-C', dir, '--strip-components=1']);
  rmSync(file);
  return dir;
}

/** Every package `name` needs at run time on `platform`: itself, its dependencies, its platform's binaries. */
function closure(root: string, name: string, platform: Platform, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const entry = lockEntry(root, name);
  for (const dep of Object.keys(entry.dependencies ?? {})) closure(root, dep, platform, seen);
  // Optional dependencies are the per-platform binaries: only the target's (glibc, not musl or wasm).
  const suffix = `-${platform.os}-${platform.cpu}`;
  for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
    if (dep.endsWith(suffix)) closure(root, dep, platform, seen);
  }
  return seen;
}

/**
 * Copies the native packages of function `name` (NATIVE_PACKAGES) into `<outDir>/node_modules`, for `platform`.
 * Returns the packages copied.
 */
export function copyNativePackages(root: string, name: FunctionName, outDir: string, platform: Platform): string[] {
  const packages = new Set<string>();
  for (const top of NATIVE_PACKAGES[name] ?? []) for (const p of closure(root, top, platform)) packages.add(p);
  const samePlatform = platform.os === HOST_PLATFORM.os && platform.cpu === HOST_PLATFORM.cpu;
  for (const pkg of packages) {
    const source = installedDir(root, pkg) ?? (samePlatform ? undefined : fetchedDir(root, pkg));
    if (!source) throw new Error(`${pkg} is not installed: run npm ci`);
    const target = join(outDir, 'node_modules', pkg);
    rmSync(target, { recursive: true, force: true });
    cpSync(source, target, { recursive: true, dereference: true });
  }
  return [...packages];
}

/** Whether `require(name)` from `dir` finds the package (a check the bundle builds run after copying). */
export function resolvesFrom(dir: string, name: string): boolean {
  try {
    createRequire(join(dir, 'index.js')).resolve(name);
    return true;
  } catch {
    return false;
  }
}
