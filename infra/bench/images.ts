/**
 * Renditions benchmark (`npm run bench:images`, functions/README.md → Renditions). Makes a 6000 × 4000 JPEG that
 * compresses like a photo (gradients, shapes, noise) with EXIF (GPS, a serial number), XMP and IPTC, then:
 *
 * 1. In a fresh plain-Node process (images-render.ts, bundled with sharp external as the Lambda's code is),
 *    renders it with the render Lambda's own code (functions/media-render/images.ts: sharp's cache off, one
 *    thread, one picture at a time) at a set of presets in AVIF, WebP and JPEG, each several times from scratch:
 *    time per render (p50, p95), bytes against the original, and the process's peak RSS (getrusage maxRSS),
 *    which is what a Lambda's memory must hold.
 * 2. Through the local stack (bench-stack.ts: the gateway, s3rver, DynamoDB Local, the Lambdas' handlers): uploads
 *    it (the asset Lambda cleans it), asks `/media/r/w1200/<key>` as Chrome does (the CDN rewrite, S3 miss, the
 *    media-render Lambda, store), then asks it again (served from the store).
 *
 * Prints a Markdown table and rewrites the images section of infra/bench/README.md (BENCH_README=0: print only).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { photoJpeg } from '../../tests/fixtures/pictures';
import { ROOT } from '../aws/bundling';
import { startBenchStack } from './bench-stack';
import { RENDER_FORMATS, RENDER_PRESETS, type RenderResult } from './images-render';
import { report, SECTION } from './report';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PRESETS = RENDER_PRESETS;
const FORMATS = RENDER_FORMATS;
const TARGET = { webp1200P95Ms: 1500, peakRssMb: 512, cardKb: 40 };
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The renders, bundled as the Lambda's code is (sharp external) and run by plain Node in a fresh process. */
async function renders(file: string): Promise<RenderResult> {
  const outfile = join(ROOT, '.bench', 'images', 'render.cjs');
  await build({
    entryPoints: [join(ROOT, 'infra/bench/images-render.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['sharp'],
    logLevel: 'warning',
  });
  const out = spawnSync(process.execPath, [outfile, '--render', file, String(RUNS)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (out.status !== 0) throw new Error(`the render process failed (${out.status})`);
  return JSON.parse(out.stdout) as RenderResult;
}

/** The local stack's path: upload, first request (made), second (stored). */
async function throughTheStack(bytes: Buffer): Promise<{ cleanMs: number; firstMs: number; storedMs: number[] }> {
  const bench = await startBenchStack('images');
  try {
    const started = await fetch(`${bench.api}/asset/upload`, {
      method: 'POST',
      headers: bench.auth,
      body: JSON.stringify({
        name: 'photo.jpg',
        contentType: 'image/jpeg',
        size: bytes.length,
        purpose: 'gallery-image',
      }),
    });
    const { data } = (await started.json()) as {
      data: { _id: string; key: string; upload: { url: string; headers: Record<string, string> } };
    };
    await fetch(data.upload.url, { method: 'PUT', headers: data.upload.headers, body: new Uint8Array(bytes) });
    let at = performance.now();
    const completed = await fetch(`${bench.api}/asset/${data._id}/complete`, {
      method: 'POST',
      headers: bench.auth,
      body: '{}',
    });
    const cleanMs = performance.now() - at;
    if (completed.status !== 200) throw new Error(`upload not verified: ${await completed.text()}`);
    const url = `${bench.stack.url}/media/r/w1200/${data.key}`;
    const ask = async () => {
      const res = await fetch(url, { headers: { accept: CHROME_ACCEPT } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    };
    at = performance.now();
    await ask();
    const firstMs = performance.now() - at;
    const storedMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      at = performance.now();
      await ask();
      storedMs.push(performance.now() - at);
    }
    return { cleanMs, firstMs, storedMs };
  } finally {
    await bench.stop();
  }
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-images-'));
  try {
    console.error('Making a 6000 × 4000 photo-like JPEG with EXIF (GPS), XMP and IPTC…');
    const source = await photoJpeg(6000, 4000, { quality: 88 });
    const file = join(scratch, 'photo.jpg');
    writeFileSync(file, source);

    console.error(`Rendering ${PRESETS.length} presets × ${FORMATS.length} formats × ${RUNS} runs in a fresh process…`);
    const result = await renders(file);

    console.error('Through the local stack: upload, first request, stored…');
    const stack = await throughTheStack(source);

    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const peakAfter = (preset: string) =>
      Math.max(0, ...result.rows.filter((r) => r.preset === preset).map((r) => r.peakRssMb)).toFixed(0);
    const pct = (bytes: number) => `${((100 * bytes) / source.length).toFixed(2)} %`;
    const lines = [
      `Source: 6000 × 4000 JPEG (q88, photo-like noise and gradients, EXIF with GPS), ${kb(source.length)} KB. ` +
        `Renders by the render Lambda's own code (images.ts, bundled) in one fresh plain Node ${process.version} process, ` +
        `${RUNS} renders from scratch each (p95 of ${RUNS} is the slowest), in the order of the rows; sharp ` +
        `${result.sharpLoadMs.toFixed(0)} ms to load on the first picture. Peak RSS is the process's VmHWM.`,
      '',
      '| preset | size | AVIF p50 · p95 ms | AVIF KB | WebP p50 · p95 ms | WebP KB | JPEG p50 · p95 ms | JPEG KB | WebP vs original | peak RSS so far |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ];
    for (const name of PRESETS) {
      const cells = FORMATS.flatMap((format) => {
        const row = result.rows.find((r) => r.preset === name && r.format === format);
        if (!row) return ['–', '–'];
        return [`${percentile(row.times, 50).toFixed(0)} · ${percentile(row.times, 95).toFixed(0)}`, kb(row.bytes)];
      });
      const webp = result.rows.find((r) => r.preset === name && r.format === 'webp');
      const size = webp ? `${webp.width} × ${webp.height}` : '';
      lines.push(
        `| ${name} | ${size} | ${cells.join(' | ')} | ${webp ? pct(webp.bytes) : ''} | ${peakAfter(name)} MB |`,
      );
    }
    const webp1200 = result.rows.find((r) => r.preset === 'w1200' && r.format === 'webp');
    const cards = result.rows.filter((r) => r.format === 'webp' && (r.preset === 'w400' || r.preset === '16x9-400'));
    const cardKb = Math.max(...cards.map((r) => r.bytes / 1024));
    const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
    const p95 = webp1200 ? percentile(webp1200.times, 95) : Number.NaN;
    lines.push(
      '',
      '| measure | figure | target |',
      '|---|---|---|',
      `| 1200-px WebP, first render p95 | ${p95.toFixed(0)} ms | ≤ ${TARGET.webp1200P95Ms} ms (${verdict(p95 <= TARGET.webp1200P95Ms)}) |`,
      `| peak RSS of the render process (Node, sharp, every render above) | ${result.peakRssMb.toFixed(0)} MB (${result.baseRssMb.toFixed(0)} MB before sharp; ${peakAfter('w1200')} MB after the renders up to w1200) | ≤ ${TARGET.peakRssMb} MB (${verdict(result.peakRssMb <= TARGET.peakRssMb)}) |`,
      `| 400-px card in WebP (w400, 16x9-400), largest | ${cardKb.toFixed(1)} KB | ≤ ${TARGET.cardKb} KB (${verdict(cardKb <= TARGET.cardKb)}) |`,
      `| upload check of the photo (asset Lambda: read, clean, store), local stack | ${stack.cleanMs.toFixed(0)} ms | |`,
      `| \`/media/r/w1200/…\` as Chrome asks, first request (rewrite, S3 miss, render, store) | ${stack.firstMs.toFixed(0)} ms | |`,
      `| the same again, served from the store, p50 · p95 of 20 | ${percentile(stack.storedMs, 50).toFixed(1)} · ${percentile(stack.storedMs, 95).toFixed(1)} ms | |`,
    );
    console.log('');
    report(SECTION.images, lines);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
