/**
 * Every React component and hook in web/src stays under MAX_LINES lines, so that one can be read whole and changed
 * by someone who did not write it. Read from the source with the compiler's parser: a function declaration, a
 * named function expression (`memo(function Row() {…})`) or a const initialised with an arrow or function
 * expression, at any depth, counts when its name starts with a capital letter (a component) or with `use` and a
 * capital (a hook). Its length is its lines from the first to the last, both included.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB_SRC = 'web/src';
const CODE = /\.tsx?$/;
const MAX_LINES = 120;

/**
 * Functions allowed past the limit while they are being replaced, each named as `file#name`. The test fails on an
 * entry that no longer needs it (gone, or under the limit), so the list only shrinks; it is empty now that the
 * article editor's state hooks, the last ones on it, were rewritten.
 */
const EXEMPT = new Set<string>([]);

interface Measured {
  file: string;
  name: string;
  line: number;
  lines: number;
}

function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...codeFiles(rel));
    else if (CODE.test(entry.name)) out.push(rel);
  }
  return out;
}

const isComponentOrHook = (name: string) => /^[A-Z]/.test(name) || /^use[A-Z0-9]/.test(name);

const isFunction = (node: ts.Node | undefined): node is ts.ArrowFunction | ts.FunctionExpression =>
  !!node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));

/** Every component and hook of a source text, with its first line and its length in lines. */
function measure(file: string, source: string): Measured[] {
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Measured[] = [];
  const add = (name: string, node: ts.Node) => {
    if (!isComponentOrHook(name)) return;
    const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
    const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
    found.push({ file, name, line: first + 1, lines: last - first + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) add(node.name.text, node);
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isFunction(node.initializer))
      add(node.name.text, node);
    // A named function expression is measured on its own unless a const of its own already was (`const A = function A`).
    else if (ts.isFunctionExpression(node) && node.name && !ts.isVariableDeclaration(node.parent))
      add(node.name.text, node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const measured = codeFiles(WEB_SRC).flatMap((file) => measure(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
const key = (m: Measured) => `${m.file}#${m.name}`;
const describeOne = (m: Measured) => `${m.file}:${m.line} ${m.name} (${m.lines} lines)`;

describe('component and hook size in web/src', () => {
  it('finds components and hooks of every form', () => {
    const sample = [
      'export function Card() {\n  return null;\n}',
      'const useThing = () => {\n  const Inner = function () {\n    return 1;\n  };\n  return Inner;\n};',
      'export const Row = memo(function Row() {\n  return null;\n});',
      'function helper() {\n  return 1;\n}',
      'const useless = 1;',
    ].join('\n');
    expect(measure('x.tsx', sample).map((m) => [m.name, m.line, m.lines])).toEqual([
      ['Card', 1, 3],
      ['useThing', 4, 6],
      ['Inner', 5, 3],
      ['Row', 10, 3],
    ]);
    expect(measured.length).toBeGreaterThan(300);
  });

  it(`keeps every component and hook under ${MAX_LINES} lines`, () => {
    const tooLong = measured.filter((m) => m.lines >= MAX_LINES && !EXEMPT.has(key(m)));
    expect(tooLong.map(describeOne)).toEqual([]);
  });

  it('exempts only functions that still need it', () => {
    const stillLong = new Set(measured.filter((m) => m.lines >= MAX_LINES).map(key));
    expect([...EXEMPT].filter((k) => !stillLong.has(k))).toEqual([]);
  });
});
