#!/usr/bin/env node
/**
 * Fails when package-lock.json leaves out an optional package some locked package declares, as npm 11 may do for
 * other platforms' binaries (Biome's, esbuild's, rolldown's): `npm ci` on a machine needing one of them then calls
 * the lock out of sync. Regenerate the lock (`rm -rf node_modules package-lock.json && npm install`) to mend it.
 * Usage: node .ci/check-lock.mjs [package-lock.json]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `node_modules/a/node_modules/b` → where Node would look for a dependency `dep` of it, nearest first. */
function lookupPaths(path, dep) {
  const paths = [];
  let base = path;
  for (;;) {
    paths.push(`${base ? `${base}/` : ''}node_modules/${dep}`);
    if (!base) return paths;
    const at = base.lastIndexOf('/node_modules/');
    base = at < 0 ? '' : base.slice(0, at);
  }
}

/** Every `package → optional dependency` pair the lock declares but does not list. */
export function missingOptionalPackages(lock) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [path, meta] of Object.entries(packages)) {
    for (const dep of Object.keys(meta.optionalDependencies ?? {})) {
      if (!lookupPaths(path, dep).some((candidate) => candidate in packages)) {
        missing.push(`${path || '(root)'} → ${dep}`);
      }
    }
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? 'package-lock.json';
  const missing = missingOptionalPackages(JSON.parse(readFileSync(file, 'utf8')));
  if (missing.length > 0) {
    console.error(`${file} leaves out ${missing.length} optional package(s) another platform needs:`);
    for (const line of missing) console.error(`  ${line}`);
    console.error('Regenerate it: rm -rf node_modules package-lock.json && npm install');
    process.exit(1);
  }
  console.log(`${file}: every platform's optional packages are listed`);
}
