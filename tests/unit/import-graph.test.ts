/**
 * Dependencies point down (functions/README.md and web/README.md), read from the source: every import, export-from and
 * dynamic import() of the TypeScript files, found by the compiler's own pre-processor (`ts.preProcessFile`), relative
 * paths resolved as the bundler does (`.ts`, `.tsx`, `index`). Type-only imports count like any other: they
 * tie two modules' meanings together as much as a value does, and a type cycle becomes a value cycle with the
 * next helper moved. Non-code imports (CSS, JSON) and packages are not edges.
 *
 * The folder rule treats each functions/<folder>/handler.ts as its own node: it is a Lambda's entry point and
 * composition root (it takes createHandler from auth/gate.ts, which reads users), nothing imports it, and so it
 * is above every folder, its own included.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE = /\.tsx?$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

type Graph = Map<string, string[]>;

/** Every import specifier of a source text, in order. */
function specifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...codeFiles(rel));
    } else if (CODE.test(entry.name)) out.push(rel);
  }
  return out;
}

const isFile = (rel: string) => fs.existsSync(path.join(ROOT, rel)) && fs.statSync(path.join(ROOT, rel)).isFile();

/** The repo-relative file a relative specifier names; undefined for a non-code file, `!` + path when none. */
function resolve(from: string, specifier: string): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (isFile(base)) return CODE.test(base) ? base : undefined;
  const candidates = [
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
    base.replace(/\.js$/, '.ts'),
  ];
  return candidates.find(isFile) ?? `!${base}`;
}

/** The graph of `dirs`' code files: each file to the repo files it imports (anywhere in the repo). */
function importGraph(dirs: string[]): { graph: Graph; unresolved: string[] } {
  const graph: Graph = new Map();
  const unresolved: string[] = [];
  for (const file of dirs.flatMap(codeFiles)) {
    const targets: string[] = [];
    for (const specifier of specifiers(fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(file, specifier);
      if (target?.startsWith('!')) unresolved.push(`${file} imports ${specifier}, which is no file`);
      else if (target) targets.push(target);
    }
    graph.set(file, [...new Set(targets)]);
  }
  return { graph, unresolved };
}

/** The graph restricted to edges between nodes it has, after mapping each file to its node. */
function collapse(graph: Graph, nodeOf: (file: string) => string | undefined): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [file, targets] of graph) {
    const from = nodeOf(file);
    if (!from) continue;
    const edges = out.get(from) ?? new Map<string, string>();
    out.set(from, edges);
    for (const target of targets) {
      const to = nodeOf(target);
      // Each edge keeps one file-level import that makes it, for the failure message.
      if (to && to !== from && !edges.has(to)) edges.set(to, `${file} → ${target}`);
    }
  }
  return out;
}

/** One cycle per strongly connected component (Tarjan), each as the path `a → b → … → a`. */
function cycles(edges: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    if (component.length > 1) found.push(cycleThrough(node, new Set(component), edges));
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** A shortest path from `start` back to itself inside one component (breadth first). */
function cycleThrough(start: string, component: Set<string>, edges: Map<string, Map<string, string>>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** A cycle one step a line, each folder step with a file-level import that makes it. */
function explain(cycle: string[], edges: Map<string, Map<string, string>>): string {
  return cycle
    .slice(1)
    .map((to, i) => {
      const step = `${cycle[i]} → ${to}`;
      const because = edges.get(cycle[i] as string)?.get(to);
      return because === step ? step : `${step}   (${because})`;
    })
    .join('\n');
}

const fileEdges = (graph: Graph, inside: (file: string) => boolean) =>
  collapse(graph, (file) => (inside(file) ? file : undefined));

/** functions/<folder>, or functions/<folder>/handler.ts for a Lambda's entry point. */
function functionsNode(file: string): string | undefined {
  const [top, folder, name] = file.split('/');
  if (top !== 'functions' || !name) return undefined;
  return name === 'handler.ts' ? file : `functions/${folder}`;
}

const server = importGraph(['functions', 'shared']);
const web = importGraph(['web']);

/** Every import of files under `from` whose target is `forbidden`, as `file → target`. */
const importsInto = (graph: Graph, from: string, forbidden: (target: string) => boolean) =>
  [...graph].flatMap(([file, targets]) =>
    file.startsWith(from) ? targets.filter(forbidden).map((target) => `${file} → ${target}`) : [],
  );

const under =
  (...dirs: string[]) =>
  (target: string) =>
    dirs.some((dir) => target.startsWith(dir));

describe('the import graph', () => {
  it('is read completely: every import kind, every relative path resolved', () => {
    expect(
      specifiers(
        "import type { A } from './a'; export { b } from \"./b\"; export * from './c'; import './d';\n" +
          'const e = lazy(() => import(`./e`));',
      ),
    ).toEqual(['./a', './b', './c', './d', './e']);
    expect([...server.unresolved, ...web.unresolved]).toEqual([]);
    expect(server.graph.get('functions/auth/gate.ts')).toContain('functions/lib/http.ts');
  });

  it('has no file-level cycle in functions/ and shared/', () => {
    const edges = fileEdges(server.graph, (f) => f.startsWith('functions/') || f.startsWith('shared/'));
    expect(cycles(edges).map((c) => explain(c, edges))).toEqual([]);
  });

  it('has no file-level cycle in web/src', () => {
    const edges = fileEdges(web.graph, (f) => f.startsWith('web/src/'));
    expect(cycles(edges).map((c) => explain(c, edges))).toEqual([]);
  });

  it('keeps functions/lib infrastructure only: it imports no feature folder', () => {
    const feature = (target: string) => target.startsWith('functions/') && !target.startsWith('functions/lib/');
    expect(importsInto(server.graph, 'functions/lib/', feature)).toEqual([]);
  });

  it('has no cycle between functions/* folders, and nothing imports a handler.ts', () => {
    const edges = collapse(server.graph, functionsNode);
    expect(cycles(edges).map((c) => explain(c, edges))).toEqual([]);
    const handler = (target: string) => /^functions\/[^/]+\/handler\.ts$/.test(target);
    expect([...importsInto(server.graph, '', handler), ...importsInto(web.graph, '', handler)]).toEqual([]);
  });

  it('keeps shared/ below everything and web/ apart from the server', () => {
    expect(importsInto(server.graph, 'shared/', under('functions/', 'web/', 'infra/', 'tests/'))).toEqual([]);
    expect(importsInto(server.graph, 'functions/', under('web/', 'infra/', 'tests/'))).toEqual([]);
    expect(importsInto(web.graph, 'web/', under('functions/', 'infra/', 'tests/'))).toEqual([]);
  });
});
