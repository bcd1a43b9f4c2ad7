/**
 * A webhook receiver for the tests: a real HTTPS server on 127.0.0.1 with a self-signed certificate made for the
 * run (openssl), for the name `receiver.test` and the address 127.0.0.1. It records each request it gets and
 * answers what the test tells it to. Deliveries reach it only under `receiverPolicy`, which trusts its
 * certificate, resolves `receiver.test` to 127.0.0.1 and allows loopback: the default policy refuses it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicOnly, type SendPolicy } from '../../functions/webhook-delivery/send';

export const RECEIVER_HOST = 'receiver.test';

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  path: string;
}

export interface Receiver {
  url: string;
  port: number;
  cert: string;
  received: Received[];
  /** What the next requests are answered: a status, and headers (a Location for a redirect). */
  answer: { status: number; headers?: Record<string, string> };
  close(): Promise<void>;
}

/** A certificate and key for `receiver.test` and 127.0.0.1, valid a day, made with openssl. */
function selfSignedCertificate(): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-receiver-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${RECEIVER_HOST}`,
        '-addext',
        `subjectAltName=DNS:${RECEIVER_HOST},IP:127.0.0.1`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'pipe' },
    );
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startReceiver(): Promise<Receiver> {
  const { cert, key } = selfSignedCertificate();
  const received: Received[] = [];
  const receiver = { answer: { status: 200 } } as Receiver;
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
      res.writeHead(receiver.answer.status, receiver.answer.headers ?? {});
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    url: `https://${RECEIVER_HOST}:${port}/hook`,
    port,
    cert,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The name the test's resolver knows: `receiver.test` → 127.0.0.1; any other name resolves to nothing. */
export const testResolver =
  (names: Record<string, string> = { [RECEIVER_HOST]: '127.0.0.1' }) =>
  async (hostname: string) => {
    const address = names[hostname];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

/**
 * The test's policy: loopback allowed (the receiver is on 127.0.0.1), everything else as in production; the
 * receiver's certificate trusted. Passed to the delivery as a parameter, never through the environment.
 */
export const receiverPolicy = (receiver: Receiver): SendPolicy => ({
  refusal: (address) => (address === '127.0.0.1' || address === '::ffff:127.0.0.1' ? undefined : publicOnly(address)),
  resolve: testResolver(),
  ca: receiver.cert,
  timeoutMs: 5000,
});
