/**
 * The one rule for every link a record stores (menu items, categories, breaking news, site profiles, video and
 * gallery links, canonical URLs, ad URLs, links inside rich text): `https:`, `http:`, or a path on the site
 * (`/politics`, not `//evil.example`). Anything else — `javascript:`, `data:`, `vbscript:`, `file:`, protocol-
 * relative, control characters hidden in the scheme — is refused, because the public site and the admin render
 * these as `href`/`src`.
 */

/** Characters browsers strip or ignore inside a URL's scheme, used to hide `java\tscript:`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;

const ABSOLUTE_HTTP = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const SITE_PATH = /^\/(?![/\\])[^\s]*$/;

/** Whether a stored link may be rendered as an href or src. The empty string is not a link (callers decide). */
export function isSafeLink(value: string): boolean {
  if (value === '' || CONTROL_OR_SPACE.test(value)) return false;
  if (ABSOLUTE_HTTP.test(value)) {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }
  return SITE_PATH.test(value);
}

/** Whether a link is absolute http(s) only (where a site path makes no sense: a profile on another site). */
export function isSafeAbsoluteLink(value: string): boolean {
  return isSafeLink(value) && ABSOLUTE_HTTP.test(value);
}

export const LINK_MESSAGE = 'Enter a link starting with https://, http:// or /';
