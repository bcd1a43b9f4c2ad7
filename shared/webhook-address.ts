/**
 * Where a webhook may be delivered (CONTRACT.md §7 Webhooks): only to a public https address. This file tells
 * what kind of network an IP address belongs to, the same way for the form (an address typed as an IP literal
 * is refused at once) and for the delivery, which checks every address it is about to connect to, after its own
 * DNS lookup (functions/webhook-delivery/send.ts). Pure TypeScript, no Node API: it runs in the browser too.
 *
 * Literal forms a browser or a URL parser turns into an IPv4 address (`2130706433`, `0x7f.1`, `0177.0.0.1`) are
 * normalised by the WHATWG URL parser before the hostname reaches this file; IPv6 forms that carry an IPv4
 * address inside (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are
 * judged by the IPv4 address they carry.
 */

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

/** How a refusal names each kind. */
export const ADDRESS_KIND_LABELS: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'loopback',
  private: 'private network',
  'link-local': 'link-local',
  metadata: 'cloud metadata',
  unspecified: 'unspecified',
  multicast: 'multicast',
  reserved: 'reserved',
};

/** A dotted-decimal IPv4 address as a 32-bit number; undefined for anything else. */
export function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

/** An IPv6 address (brackets and a zone allowed) as a 128-bit number; undefined for anything else. */
export function parseIpv6(text: string): bigint | undefined {
  let s = text.toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return undefined;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = parseIpv4(s.slice(lastColon + 1));
    if (v4 === undefined) return undefined;
    tail = [Math.floor(v4 / 65536), v4 % 65536];
    s = s.slice(0, lastColon);
    if (s.endsWith(':')) s += ':';
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  if (![...left, ...right].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const given = left.length + right.length + tail.length;
  if (halves.length === 2 ? given > 7 : given !== 8) return undefined;
  const words = [
    ...left.map((g) => Number.parseInt(g, 16)),
    ...Array<number>(8 - given).fill(0),
    ...right.map((g) => Number.parseInt(g, 16)),
    ...tail,
  ];
  return words.reduce((sum, word) => (sum << 16n) | BigInt(word), 0n);
}

const inV4 = (ip: number, base: string, bits: number) => {
  const start = parseIpv4(base) ?? 0;
  const size = 2 ** (32 - bits);
  return ip >= start && ip < start + size;
};

/** IPv4 ranges no webhook may reach, most specific first. */
const V4_RANGES: [string, number, AddressKind][] = [
  ['169.254.169.254', 32, 'metadata'],
  ['0.0.0.0', 8, 'unspecified'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['169.254.0.0', 16, 'link-local'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function ipv4Kind(ip: number): AddressKind {
  for (const [base, bits, kind] of V4_RANGES) if (inV4(ip, base, bits)) return kind;
  return 'public';
}

const v6 = (text: string) => parseIpv6(text) ?? 0n;
const inV6 = (ip: bigint, base: string, bits: number) => ip >> BigInt(128 - bits) === v6(base) >> BigInt(128 - bits);

/** IPv6 ranges no webhook may reach (those carrying an IPv4 address are judged by it, below). */
const V6_RANGES: [string, number, AddressKind][] = [
  ['fd00:ec2::254', 128, 'metadata'],
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'private'],
  ['fc00::', 7, 'private'],
  ['fec0::', 10, 'private'],
  ['fe80::', 10, 'link-local'],
  ['ff00::', 8, 'multicast'],
  ['100::', 64, 'reserved'],
  ['2001::', 32, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
];

function ipv6Kind(ip: bigint): AddressKind {
  for (const [base, bits, kind] of V6_RANGES) if (inV6(ip, base, bits)) return kind;
  const low32 = Number(ip & 0xffffffffn);
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 address.
  if (inV6(ip, '::ffff:0:0', 96) || inV6(ip, '::', 96) || inV6(ip, '64:ff9b::', 96)) return ipv4Kind(low32);
  // 6to4 (2002:aabb:ccdd::/48): the IPv4 address in bits 16–48.
  if (inV6(ip, '2002::', 16)) return ipv4Kind(Number((ip >> 80n) & 0xffffffffn));
  return 'public';
}

/** The kind of network an IP address (v4 dotted, or v6 with or without brackets) is in; undefined for a name. */
export function addressKind(address: string): AddressKind | undefined {
  const v4 = parseIpv4(address);
  if (v4 !== undefined) return ipv4Kind(v4);
  const ip6 = parseIpv6(address);
  return ip6 === undefined ? undefined : ipv6Kind(ip6);
}

export const WEBHOOK_URL_MESSAGES = {
  invalid: 'Enter a valid address starting with https://',
  https: 'The address must start with https://',
  credentials: 'The address must not hold a user name or password',
  local: 'The address must be on the public internet, not a private, local or reserved network',
} as const;

/**
 * What is wrong with a webhook's address as typed, if anything: it must parse, be https, carry no credentials,
 * and not be an IP literal (in any form the URL parser reads) or a name of a non-public network. A name is
 * checked again where it matters, on each address it resolves to when a delivery connects.
 */
export function webhookUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_URL_MESSAGES.invalid;
  }
  if (url.protocol !== 'https:') return WEBHOOK_URL_MESSAGES.https;
  if (url.hostname === '') return WEBHOOK_URL_MESSAGES.invalid;
  if (url.username !== '' || url.password !== '') return WEBHOOK_URL_MESSAGES.credentials;
  const host = url.hostname.replace(/\.$/, '');
  const kind = addressKind(host);
  if ((kind && kind !== 'public') || host === 'localhost' || host.endsWith('.localhost')) {
    return WEBHOOK_URL_MESSAGES.local;
  }
  return undefined;
}
