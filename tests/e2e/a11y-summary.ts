/**
 * The accessibility report as a table: `npx tsx tests/e2e/a11y-summary.ts report.jsonl` reads what a run with
 * A11Y_REPORT=report.jsonl appended (a11y.ts) and prints, in Markdown, how many screens were checked and, for each
 * violated rule, its impact, on how many screens and on how many elements in all.
 */
import { readFileSync } from 'node:fs';
import type { ScreenReport } from './a11y';

const IMPACT_ORDER = ['critical', 'serious', 'moderate', 'minor', 'unknown'];

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx tests/e2e/a11y-summary.ts <report.jsonl>');

const screens: ScreenReport[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as ScreenReport);

const rules = new Map<string, { id: string; impact: string; help: string; screens: number; nodes: number }>();
for (const screen of screens) {
  for (const v of screen.violations) {
    const key = `${v.id} ${v.impact}`;
    const rule = rules.get(key) ?? { id: v.id, impact: v.impact, help: v.help, screens: 0, nodes: 0 };
    rule.screens += 1;
    rule.nodes += v.nodes;
    rules.set(key, rule);
  }
}
const rows = [...rules.values()].sort(
  (a, b) => IMPACT_ORDER.indexOf(a.impact) - IMPACT_ORDER.indexOf(b.impact) || b.nodes - a.nodes,
);

const clean = screens.filter((s) => s.violations.length === 0).length;
const lines = [
  `${screens.length} screens checked (${clean} with no violation of any impact).`,
  '',
  '| rule | impact | screens | elements | what it asks |',
  '|---|---|---:|---:|---|',
  ...rows.map((r) => `| ${r.id} | ${r.impact} | ${r.screens} | ${r.nodes} | ${r.help} |`),
];
if (rows.length === 0) lines.push('| (none) | | 0 | 0 | |');
const totals = IMPACT_ORDER.map((impact) => {
  const nodes = rows.filter((r) => r.impact === impact).reduce((sum, r) => sum + r.nodes, 0);
  return `${impact}: ${nodes}`;
});
lines.push('', `Elements by impact: ${totals.join(', ')}.`);
console.log(lines.join('\n'));
