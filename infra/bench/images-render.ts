/**
 * The render half of `npm run bench:images` (images.ts), bundled by it with esbuild (sharp left external, as in
 * the Lambda's bundle) and run by plain Node in a fresh process, so the peak RSS it reports is the render
 * Lambda's code and sharp, not a TypeScript loader's. Prints its figures as JSON.
 */
import { readFileSync } from 'node:fs';
import { loadSharp, renderImage } from '../../functions/media-render/images';
import { presetNamed, type RenditionFormat } from '../../shared/renditions';

export const RENDER_PRESETS = [
  'w400',
  'w800',
  'w1200',
  'w1600',
  'w2560',
  '16x9-400',
  '16x9-800',
  '1x1-400',
  'social',
] as const;
export const RENDER_FORMATS: readonly RenditionFormat[] = ['avif', 'webp', 'jpeg'];

export interface RenderRow {
  preset: string;
  format: RenditionFormat;
  times: number[];
  bytes: number;
  width: number;
  height: number;
  /** The process's peak RSS after this preset and format's renders (MB). */
  peakRssMb: number;
}
export interface RenderResult {
  sharpLoadMs: number;
  baseRssMb: number;
  peakRssMb: number;
  rows: RenderRow[];
}

/**
 * This process's peak RSS in MB: VmHWM, the high-water mark of its own memory. Not getrusage's maxRSS, which Linux
 * carries over from the parent a process was forked from (the bench's, holding the photo's raw pixels).
 */
function rssMb(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (hwm) return Number(hwm) / 1024;
  } catch {
    // Not Linux: getrusage's figure, maybe inherited.
  }
  return process.resourceUsage().maxRSS / 1024;
}

async function main(file: string, runs: number): Promise<void> {
  const source = readFileSync(file);
  const baseRssMb = rssMb();
  let started = performance.now();
  await loadSharp();
  const sharpLoadMs = performance.now() - started;
  const rows: RenderRow[] = [];
  for (const name of RENDER_PRESETS) {
    const preset = presetNamed(name);
    if (!preset) throw new Error(`no preset ${name}`);
    for (const format of RENDER_FORMATS) {
      const row: RenderRow = { preset: name, format, times: [], bytes: 0, width: 0, height: 0, peakRssMb: 0 };
      for (let i = 0; i < runs; i++) {
        started = performance.now();
        const made = await renderImage(source, preset, format);
        row.times.push(performance.now() - started);
        if (!made.ok) throw new Error(`${name} ${format}: ${made.reason}`);
        Object.assign(row, { bytes: made.body.length, width: made.width, height: made.height });
      }
      row.peakRssMb = rssMb();
      rows.push(row);
    }
  }
  const result: RenderResult = { sharpLoadMs, baseRssMb, peakRssMb: rssMb(), rows };
  process.stdout.write(JSON.stringify(result));
}

if (process.argv[2] === '--render') {
  main(process.argv[3] ?? '', Number(process.argv[4] ?? 5)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
