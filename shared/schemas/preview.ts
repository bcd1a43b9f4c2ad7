/**
 * Preview links (CONTRACT.md §7 Preview links): the site setting that says where the newsroom's site shows a
 * preview, and what the preview calls answer.
 */
import { type ArticleStatus, PREVIEW_LINK } from '../constants';
import { isSafeLink } from '../links';
import type { PublicArticle } from './content';
import * as z from './z';

export const PREVIEW_PLACEHOLDERS = { slug: '{slug}', token: '{token}' } as const;

export const PREVIEW_URL_MESSAGES = {
  scheme: 'Enter a preview link starting with https:// (http:// only for localhost)',
  placeholders: 'The preview link must contain {slug} and {token}',
  inAddress: 'Put {slug} and {token} in the path or the query of the preview link, not in the site address',
} as const;

/**
 * Hosts a plain http:// template may name: a developer's site on their own machine, which a token reaches without
 * crossing a network. Anywhere else the token (a read of unpublished text) must travel over TLS.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The template with its placeholders filled with `fill` (a plain value, to check what the site will be sent). */
const filled = (template: string, fill: string) =>
  template.replaceAll(PREVIEW_PLACEHOLDERS.slug, fill).replaceAll(PREVIEW_PLACEHOLDERS.token, fill);

/** Why a preview link template is refused, or undefined when it is a good one ('' is: no preview link). */
export function previewUrlProblem(template: string): string | undefined {
  if (template === '') return undefined;
  const sample = filled(template, 'x');
  if (!isSafeLink(sample) || !/^https?:\/\//i.test(sample)) return PREVIEW_URL_MESSAGES.scheme;
  const url = new URL(sample);
  if (url.username || url.password) return PREVIEW_URL_MESSAGES.scheme;
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) return PREVIEW_URL_MESSAGES.scheme;
  if (!template.includes(PREVIEW_PLACEHOLDERS.slug) || !template.includes(PREVIEW_PLACEHOLDERS.token)) {
    return PREVIEW_URL_MESSAGES.placeholders;
  }
  // Two fillings reaching two sites means a placeholder sits in the host: a slug must never choose the server
  // that receives the token.
  if (new URL(filled(template, 'y')).origin !== url.origin) return PREVIEW_URL_MESSAGES.inAddress;
  return undefined;
}

/** The site setting: '' (or left out) for none, else an http(s) template holding {slug} and {token}. */
export const previewUrlField = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(PREVIEW_LINK.urlMax, `At most ${PREVIEW_LINK.urlMax} characters`),
    z.superRefine((value, ctx) => {
      const problem = previewUrlProblem(value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
    }),
  ),
);

// ---- What the API returns (types only) ----

/** POST /cms/{id}/preview-link: the site's preview address for the article, or nulls when none is set. */
export interface PreviewLink {
  url: string | null;
  expiresAt: string | null;
}

/**
 * GET /content/v1/preview/{token}: the article as its editor last saved it (a live article's pending changes
 * included), shaped as the delivery API shows a published one, and what the preview is of.
 */
export interface PublicPreview extends PublicArticle {
  preview: {
    /** Its workflow status (Draft, Need Review, Scheduled, Published …). */
    status: ArticleStatus;
    /** Whether what is shown is a live article's saved changes that are not published yet. */
    pendingChanges: boolean;
    /** When the token stops working. */
    expiresAt: string;
  };
}
