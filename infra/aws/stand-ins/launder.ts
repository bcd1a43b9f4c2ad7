/**
 * Replaces `launder` in the Lambda bundles only (an esbuild alias in infra/aws/bundling.ts). Its one user there is
 * sanitize-html, which calls only `naughtyHref` (the scheme check of a URL attribute); the package also carries
 * form-field helpers and, for their dates, dayjs: ~11 KB of the cms bundle. This is launder 1.7's naughtyHref,
 * unit-tested against the real package. shared/rich-text.ts checks every link with isSafeTextLink before it.
 */
export interface NaughtyHrefOptions {
  allowedSchemes?: string[];
  allowProtocolRelative?: boolean;
}

const LAUNDER_DEFAULT_SCHEMES = ['http', 'https', 'ftp', 'mailto', 'tel', 'sms'];

/** Without what browsers ignore inside a URL (control characters, spaces, HTML comments) to hide a scheme. */
function withoutHidingCharacters(href: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must be stripped
  let out = href.replace(/[\x00-\x20]+/g, '');
  for (;;) {
    const start = out.indexOf('<!--');
    const end = start === -1 ? -1 : out.indexOf('-->', start + 4);
    if (end === -1) return out;
    out = out.slice(0, start) + out.slice(end + 3);
  }
}

/** Whether `href` must be dropped: a scheme not allowed, or a protocol-relative URL when those are not allowed. */
export function naughtyHref(href: unknown, options: NaughtyHrefOptions = {}): boolean {
  if (typeof href !== 'string') return false;
  const allowedSchemes = options.allowedSchemes ?? LAUNDER_DEFAULT_SCHEMES;
  const cleaned = withoutHidingCharacters(href);
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(cleaned)?.[1];
  if (!scheme) return /^[/\\]{2}/.test(cleaned) && options.allowProtocolRelative === false;
  return !allowedSchemes.includes(scheme.toLowerCase());
}

export default { naughtyHref };
