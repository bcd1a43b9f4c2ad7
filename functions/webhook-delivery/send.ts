/**
 * One signed POST to a hook (CONTRACT.md §7 Webhooks), guarded against server-side request forgery: only https,
 * no redirect followed (a 3xx is a failed attempt), 5 seconds from the lookup to the status line, and only public
 * addresses. The address is checked where it is used: this module does the DNS lookup itself, through the
 * `lookup` option of the request, and hands the socket only addresses the policy allows, so a name cannot
 * resolve to a public address when saved and to 10.0.0.1 at connect time. An IP literal is checked before any
 * socket, and the socket's remote address once more when it connects.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK } from '../../shared/constants';
import { ADDRESS_KIND_LABELS, addressKind } from '../../shared/webhook-address';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** What a delivery may connect to, and how. Tests pass their own; production uses PUBLIC_ONLY. */
export interface SendPolicy {
  /** Why an IP address may not be connected to, or undefined when it may. */
  refusal: (address: string) => string | undefined;
  /** A name's addresses (the system resolver by default). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Certificates to trust besides the system's: a test receiver's self-signed one. */
  ca?: string;
  timeoutMs: number;
}

/** Why `address` is not public, if it is not. */
export function publicOnly(address: string): string | undefined {
  const kind = addressKind(address);
  if (kind === undefined) return `${address} is not an IP address`;
  return kind === 'public' ? undefined : `${address} is a ${ADDRESS_KIND_LABELS[kind]} address`;
}

export const PUBLIC_ONLY: SendPolicy = { refusal: publicOnly, timeoutMs: WEBHOOK.timeoutMs };

/** A delivery this side refused to make (not the receiver's answer): the address, the scheme. */
export class DeliveryRefused extends Error {
  override name = 'DeliveryRefused';
}

const systemResolve = (hostname: string): Promise<ResolvedAddress[]> =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** The request's `lookup`: resolves the name itself and answers only the addresses the policy allows. */
function guardedLookup(policy: SendPolicy): LookupFunction {
  const lookup = (hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    (policy.resolve ?? systemResolve)(hostname).then(
      (addresses) => {
        const allowed = addresses.filter((a) => policy.refusal(a.address) === undefined);
        const first = allowed[0];
        if (!first) {
          const reason = addresses[0] ? policy.refusal(addresses[0].address) : 'it resolves to no address';
          callback(new DeliveryRefused(`Refused: ${hostname}: ${reason}`));
        } else if (options.all) callback(null, allowed);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error),
    );
  };
  return lookup as unknown as LookupFunction;
}

/** POSTs `body` with `headers` and answers the status; throws on a refusal, a timeout or a connection error. */
export function postSigned(
  target: string,
  body: string,
  headers: Record<string, string>,
  policy: SendPolicy = PUBLIC_ONLY,
): Promise<{ status: number }> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new DeliveryRefused('The address is not a valid URL'));
  }
  if (url.protocol !== 'https:') return Promise.reject(new DeliveryRefused('Only https:// addresses are delivered to'));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    const refused = policy.refusal(host);
    if (refused) return Promise.reject(new DeliveryRefused(`Refused: ${refused}`));
  }
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // A connection of its own: none kept alive to be reused under another policy or after a DNS change.
        agent: false,
        lookup: guardedLookup(policy),
        ...(policy.ca ? { ca: policy.ca } : {}),
      },
      (res) => {
        clearTimeout(timer);
        // Only the status matters; the body is not read (a receiver could send without end).
        res.destroy();
        resolve({ status: res.statusCode ?? 0 });
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`No answer within ${policy.timeoutMs / 1000} seconds`)),
      policy.timeoutMs,
    );
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        const refused = policy.refusal(socket.remoteAddress ?? '');
        if (refused) req.destroy(new DeliveryRefused(`Refused: ${refused}`));
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
}
