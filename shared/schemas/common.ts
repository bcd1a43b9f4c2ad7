/** Field rules several schemas share, with the messages of CONTRACT.md §5. */

import { ARTICLE_TEXT_LIMITS, AUTH, MAX_KEYWORDS_LENGTH } from '../constants';
import { isSafeAbsoluteLink, isSafeLink, LINK_MESSAGE } from '../links';
import type { FocalPoint, RenditionRef } from '../renditions';
import * as z from './z';

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** A trimmed string that must not be empty, and passes `more` checks after those (a pattern …). */
export const requiredText = (
  message: string,
  max: number,
  tooLong = `At most ${max} characters`,
  ...more: z.core.$ZodCheck<string>[]
) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong), ...more);

/** A trimmed string that may be empty (stored as ''). */
export const optionalText = (max: number, tooLong = `At most ${max} characters`) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong)));

export interface LinkOptions {
  max: number;
  /** Shown for a link that is not safe; LINK_MESSAGE (or ABSOLUTE_LINK_MESSAGE with absoluteOnly) by default. */
  message?: string;
  /** Only https:// or http:// links, no site paths (e.g. a profile on another site). */
  absoluteOnly?: boolean;
}

export const ABSOLUTE_LINK_MESSAGE = 'Enter a link starting with https:// or http://';

const linkRule = ({ absoluteOnly = false, message }: LinkOptions) => ({
  test: absoluteOnly ? isSafeAbsoluteLink : isSafeLink,
  message: message ?? (absoluteOnly ? ABSOLUTE_LINK_MESSAGE : LINK_MESSAGE),
});

/** A trimmed link that may be empty (stored as ''): '' or a safe link (see shared/links.ts). */
export const linkText = (options: LinkOptions) => {
  const { test, message } = linkRule(options);
  return z.string().check(
    z.trim(),
    z.maxLength(options.max, `At most ${options.max} characters`),
    z.refine((v) => v === '' || test(v), message),
  );
};

/** The same, and the field may be left out. */
export const linkField = (options: LinkOptions) => z.optional(linkText(options));

/** A safe link that must be given; `required` is the message when it is missing or empty. */
export const requiredLinkField = (options: LinkOptions & { required: string }) => {
  const { test, message } = linkRule(options);
  return requiredText(
    options.required,
    options.max,
    undefined,
    z.refine((v) => v === '' || test(v), message),
  );
};

export const emailField = requiredText(
  'Email is required',
  254,
  'Email is not valid',
  z.regex(z.regexes.email, 'Email is not valid'),
);

export const phoneField = requiredText(
  'Phone Number is required',
  20,
  'Phone Number is not valid',
  z.regex(/^\+?[0-9][0-9 ()-]*$/, 'Phone Number is not valid'),
);

/** A password to sign in with: any length, but bcrypt's 72-byte input limit is refused, not truncated. */
export const loginPasswordField = z.exactString({ error: 'Password is required' }).check(
  z.minLength(1, 'Password is required'),
  z.refine((p) => utf8Bytes(p) <= AUTH.maxPasswordBytes, `Password must be at most ${AUTH.maxPasswordBytes} bytes`),
);

/** A new password: also at least AUTH.minPasswordLength characters. */
export const newPasswordField = z.exactString({ error: 'Password is required' }).check(
  z.minLength(1, 'Password is required'),
  z.minLength(AUTH.minPasswordLength, `Password must be at least ${AUTH.minPasswordLength} characters`),
  z.refine((p) => utf8Bytes(p) <= AUTH.maxPasswordBytes, `Password must be at most ${AUTH.maxPasswordBytes} bytes`),
);

export const confirmPasswordField = z
  .exactString({ error: 'Please retype your password.' })
  .check(z.minLength(1, 'Please retype your password.'));

/** 'Your passwords do not match.' on confirmPassword, checked once both are filled in. */
export const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (v) => v.password === v.confirmPassword,
  {
    message: 'Your passwords do not match.',
    path: ['confirmPassword'],
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  },
);

/** Record ids are ULIDs. */
export const idField = z
  .string({ error: 'A record id is required' })
  .check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a valid record id'));

/** The version a record was read at; a stale one gets 409. */
export const versionField = z.int({ error: 'version is required' }).check(z.minimum(1, 'version is required'));

export const KEYWORDS_LIMIT_MESSAGE = '500 character limit';
const keywordsText = z.string().check(z.trim(), z.maxLength(MAX_KEYWORDS_LENGTH, KEYWORDS_LIMIT_MESSAGE));

const metaTagsField = z.optional(
  z
    .array(z.object({ property: z.optional(z.string().check(z.maxLength(50))), content: keywordsText }))
    .check(z.maxLength(1)),
);

/**
 * SEO title, description and keywords (CONTRACT.md §3 keeps the keywords in metaTags[0].content), all required but
 * keywords.
 */
export const requiredSeoFields = z.object({
  title: requiredText('SEO title is required', ARTICLE_TEXT_LIMITS.seoTitle),
  description: requiredText('SEO description is required', ARTICLE_TEXT_LIMITS.seoDescription),
  metaTags: metaTagsField,
});

/** The same, all optional. */
export const optionalSeoFields = z.object({
  title: optionalText(ARTICLE_TEXT_LIMITS.seoTitle),
  description: optionalText(ARTICLE_TEXT_LIMITS.seoDescription),
  metaTags: metaTagsField,
});

/** An ISO-8601 date-time (what the date pickers send); the API stores it normalized to UTC. */
export const dateTimeField = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'Enter a valid date'),
  );

/** A required reference with the field's own message whether it is missing or malformed. */
export const requiredId = (message: string) =>
  z.string({ error: message }).check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, message));

// ---- What the API returns: shapes records share (types only) ----

/** CONTRACT.md §7: lists come back as `{ list, total }`. */
export interface ListPage<T> {
  list: T[];
  total: number;
  /**
   * Where a list reads its pages by key (the article list): the `cursor` that reads the page after this one,
   * and the one before, at the cost of one page whatever its number (shared/README.md, "Cursor pages").
   */
  next?: string;
  prev?: string;
}

/** A record named by its id, as of the embedding record's last save (an author, a client, a category). */
export interface NamedRef {
  _id: string;
  name: string;
}

/** A stored file a record references, as its detail returns it in `media` (keyed by asset id). */
export interface MediaRef {
  _id: string;
  url: string;
  name: string;
  contentType: string;
  /** Pictures: their size (after orientation), alt text, focal point and every rendition's address and size. */
  width?: number;
  height?: number;
  alt?: string;
  focal?: FocalPoint;
  renditions?: RenditionRef[];
}

/** SEO fields as stored: CONTRACT.md §3 keeps the keywords in metaTags[0].content. */
export interface SeoView {
  title: string;
  description: string;
  metaTags: { property?: string; content: string }[];
}
