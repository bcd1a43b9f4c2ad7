/** Site details (SPEC §3, §5): the one site record, its branding and SEO. */
import { MAX_KEYWORDS_LENGTH } from '../constants';
import { idField, optionalText, requiredText, versionField } from './common';
import * as z from './z';

const keywords = z.string().check(z.trim(), z.maxLength(MAX_KEYWORDS_LENGTH, '500 character limit'));

/** A link to a profile page: empty, or an http(s) URL. */
const profileUrl = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(500, 'At most 500 characters'),
    z.refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'Enter a link starting with https://'),
  ),
);

export const siteSchema = z.object({
  siteName: requiredText('Site name is required', 100),
  /** Verified asset ids (uploads of purpose site-logo / site-favicon), or null to remove. */
  siteLogo: z.optional(z.nullable(idField)),
  siteFavicon: z.optional(z.nullable(idField)),
  googleAnalytics: optionalText(50),
  facebookAnalytics: optionalText(50),
  footerCopyright: optionalText(200),
  facebookProfile: profileUrl,
  twitterProfile: profileUrl,
  instagramProfile: profileUrl,
  linkedInProfile: profileUrl,
  seo: z.object({
    title: requiredText('SEO title is required', 200),
    description: requiredText('SEO description is required', 500),
    metaTags: z.optional(
      z
        .array(z.object({ property: z.optional(z.string().check(z.maxLength(50))), content: keywords }))
        .check(z.maxLength(1)),
    ),
  }),
});
export type SiteInput = z.infer<typeof siteSchema>;

export const siteUpdateSchema = z.extend(siteSchema, { version: versionField });
export type SiteUpdateInput = z.infer<typeof siteUpdateSchema>;
