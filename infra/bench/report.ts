/**
 * Where the benchmarks keep their latest tables. Each bench prints its table and rewrites its own span of
 * infra/bench/README.md, between `<!-- bench:<section> begin -->` and `<!-- bench:<section> end -->`, preceded by a
 * line saying when and on what it was measured: the figures beside a benchmark are the ones it last printed.
 * BENCH_README=0 prints only, for a trial run that should not replace a table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The spans of infra/bench/README.md the benches write, by the name in their markers. */
export const SECTION = {
  coldStart: 'cold-start',
  /** The list reads at 100,000 articles, the default size. */
  list: 'list',
  /** The list reads at 10,000 articles (`BENCH_ARTICLES=10000`), to show the searches stay flat. */
  list10000: 'list-10000',
  listWrites: 'list-writes',
  upload: 'upload',
  signIn: 'sign-in',
  web: 'web',
  delivery: 'delivery',
  ads: 'ads',
  images: 'images',
} as const;
export type Section = (typeof SECTION)[keyof typeof SECTION];

export const README = fileURLToPath(new URL('./README.md', import.meta.url));

export const beginMarker = (section: string): string => `<!-- bench:${section} begin -->`;
export const endMarker = (section: string): string => `<!-- bench:${section} end -->`;

/**
 * `markdown` with the text between the section's markers replaced by `lines`, one a line, and a blank line
 * before the end marker; everything else, the markers included, is kept byte for byte. Throws, naming the section, when a marker is missing, appears twice, or
 * the end comes before the begin: a table written into the wrong place would be worse than none.
 */
export function replaceSection(markdown: string, section: string, lines: readonly string[]): string {
  const begin = beginMarker(section);
  const end = endMarker(section);
  for (const marker of [begin, end]) {
    const at = markdown.indexOf(marker);
    if (at === -1) throw new Error(`bench section "${section}": no ${marker} marker`);
    if (markdown.indexOf(marker, at + marker.length) !== -1) {
      throw new Error(`bench section "${section}": ${marker} appears more than once`);
    }
  }
  const from = markdown.indexOf(begin) + begin.length;
  const to = markdown.indexOf(end);
  if (to < from) throw new Error(`bench section "${section}": ${end} comes before ${begin}`);
  // A blank line before the end marker ends a table for every Markdown reader.
  const inner = lines.length === 0 ? '\n' : `\n${lines.join('\n')}\n\n`;
  return `${markdown.slice(0, from)}${inner}${markdown.slice(to)}`;
}

/** When and on what a table was measured: the machine's load changes every timing, so the table says it. */
export function measuredLine(params: readonly string[] = [], now = new Date()): string {
  const facts = [
    // cpus() can be empty in some containers; availableParallelism() still answers there.
    `${cpus().length || availableParallelism()} cores`,
    `load average ${(loadavg()[0] ?? 0).toFixed(1)} (1 min)`,
    `Node ${process.version}`,
    ...params,
  ];
  return `Measured ${now.toISOString().slice(0, 10)} on this machine: ${facts.join(', ')}.`;
}

/**
 * Prints a bench's table lines, then writes them into its section of infra/bench/README.md after a measured line
 * (`params`: the bench's own settings, e.g. the number of articles). A `null` section prints only: a run whose
 * settings have no table of their own in the README. A failed write is reported and fails the process at its
 * end, without stopping the bench: its figures are already on the screen.
 */
export function report(section: Section | null, lines: readonly string[], params: readonly string[] = []): void {
  for (const line of lines) console.log(line);
  if (section === null || process.env.BENCH_README === '0') return;
  try {
    const markdown = readFileSync(README, 'utf8');
    writeFileSync(README, replaceSection(markdown, section, [measuredLine(params), '', ...lines]));
    console.log(`(written to infra/bench/README.md, section ${section})`);
  } catch (error) {
    console.error(`Could not write infra/bench/README.md: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
