/**
 * Measures the JavaScript the /login page loads after `npm run build:web`: the entry chunk and everything it
 * imports statically, plus the lazily loaded login screen and its static imports (it is fetched on first
 * render of /login). Prints each chunk and the gzip total.
 *
 *   npx tsx web/scripts/measure-login-js.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const assets = join(dist, 'assets');

function staticImports(file: string): string[] {
  const code = readFileSync(join(assets, file), 'utf8');
  const found = new Set<string>();
  // Minified ESM: `import{a as b}from"./x.js"` and bare `import"./x.js"`; dynamic `import("./x.js")` is skipped.
  for (const match of code.matchAll(/(?:from\s*|import\s*)["']\.\/([\w.-]+\.js)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/)?.[1];
if (!entry) throw new Error('No entry script in web/dist/index.html; run npm run build:web first');
const preloaded = [...html.matchAll(/rel="modulepreload"[^>]*href="\/assets\/([\w.-]+\.js)"/g)].flatMap((m) =>
  m[1] ? [m[1]] : [],
);
const loginChunk = readdirSync(assets).find((file) => /^LoginPage-[\w-]+\.js$/.test(file));

const rows: Array<{ file: string; raw: number; gzip: number; how: string }> = [];
const add = (files: Set<string>, how: string) => {
  for (const file of files) {
    if (rows.some((row) => row.file === file)) continue;
    const code = readFileSync(join(assets, file));
    rows.push({ file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, how });
  }
};
add(closure([entry, ...preloaded]), 'entry');
if (loginChunk) add(closure([loginChunk]), 'login screen');

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(
    `${row.file.padEnd(40)} ${row.how.padEnd(13)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)} gzip`,
  );
}
const sum = (how?: string) => rows.filter((r) => !how || r.how === how).reduce((total, r) => total + r.gzip, 0);
console.log(`entry + static imports:        ${kb(sum('entry'))} gzip`);
console.log(`everything /login loads:       ${kb(sum())} gzip`);
