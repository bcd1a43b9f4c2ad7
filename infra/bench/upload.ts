/**
 * `npm run bench:upload [sizeMB]`: a multipart upload of a file streamed from disk (1 GB by default), making
 * the API calls the web Uploader makes (start, one presign call per part, PUT each part to its presigned URL,
 * complete with the ETags, which verifies the object) against the local stack running in another process.
 * Prints MB/s end to end and the peak RSS of the uploading process and of the server process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../aws/bundling';
import { report, SECTION } from './report';

const MB = 1024 * 1024;
const DEFAULT_MB = 1024;
const sizeMb = Number(process.argv[2] ?? DEFAULT_MB);
const CONCURRENCY = 4;

let clientPeak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  clientPeak = Math.max(clientPeak, process.memoryUsage().rss);
}, 50);

/** A sparse file with an MP4 header: reading it costs disk bandwidth, writing it costs nothing. */
function makeFile(dir: string, size: number): string {
  const file = join(dir, 'bench.mp4');
  const fd = openSync(file, 'w');
  writeSync(fd, Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'));
  writeSync(fd, Buffer.from([0]), 0, 1, size - 1);
  closeSync(fd);
  return file;
}

function startServer(): Promise<{ child: ChildProcess; url: string; peak: Promise<number> }> {
  // node with tsx's loader directly (not npx): a signal must reach the server itself, which reports its peak.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'infra/bench/upload-server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  let resolvePeak: (n: number) => void = () => undefined;
  const peak = new Promise<number>((r) => {
    resolvePeak = r;
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, url: line.slice(6), peak });
      if (line.startsWith('PEAK_RSS ')) resolvePeak(Number(line.slice(9)));
    });
  });
}

async function api<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; message?: { msg: string } };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message?.msg}`);
  return json.data;
}

function putRange(url: string, file: string, start: number, end: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-length': String(end - start + 1) } }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve(String(res.headers.etag)) : reject(new Error(`PUT ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    createReadStream(file, { start, end }).pipe(req);
  });
}

async function main(): Promise<void> {
  const size = sizeMb * MB;
  const dir = mkdtempSync(join(tmpdir(), 'admin-portal-bench-file-'));
  const file = makeFile(dir, size);
  const server = await startServer();
  try {
    const { token } = await api<{ token: string }>(server.url, '/auth/login', {
      email: 'bench@example.com',
      password: 'Bench-Pass-1',
    });
    const began = performance.now();
    const started = await api<{ _id: string; upload: { multipart: { partSize: number; partCount: number } } }>(
      server.url,
      '/asset/upload',
      { name: 'bench.mp4', contentType: 'video/mp4', size, purpose: 'video' },
      token,
    );
    const { partSize, partCount } = started.upload.multipart;
    const parts: { partNumber: number; etag: string }[] = [];
    let next = 1;
    const worker = async () => {
      while (next <= partCount) {
        const partNumber = next++;
        const signed = await api<{ parts: { url: string }[] }>(
          server.url,
          `/asset/${started._id}/parts`,
          { partNumbers: [partNumber] },
          token,
        );
        const start = (partNumber - 1) * partSize;
        const end = Math.min(size, start + partSize) - 1;
        parts.push({ partNumber, etag: await putRange(signed.parts[0]?.url ?? '', file, start, end) });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const done = await api<{ url: string }>(server.url, `/asset/${started._id}/complete`, { parts }, token);
    const seconds = (performance.now() - began) / 1000;
    server.child.kill('SIGTERM');
    const serverPeak = await server.peak;
    clearInterval(sampler);
    console.log(
      `\nUploaded ${sizeMb} MB in ${partCount} parts of ${partSize / MB} MB (${CONCURRENCY} at a time) → ${done.url}\n`,
    );
    // The README keeps the default size's row; a trial at another size only prints.
    report(
      sizeMb === DEFAULT_MB ? SECTION.upload : null,
      [
        '| file | parts | seconds | MB/s end to end | uploader peak RSS | server peak RSS |',
        '|---:|---:|---:|---:|---:|---:|',
        `| ${sizeMb} MB | ${partCount} | ${seconds.toFixed(1)} | ${(sizeMb / seconds).toFixed(1)} | ${Math.round(clientPeak / MB)} MB | ${Math.round(serverPeak / MB)} MB |`,
      ],
      [`a ${sizeMb} MB file in parts of ${partSize / MB} MB, ${CONCURRENCY} at a time`],
    );
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
