/** Site details (SPEC §3, §5): the one site record, its branding and SEO. */
import { idField, optionalText, requiredSeoFields, requiredText, versionField } from './common';
import * as z from './z';

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
  seo: requiredSeoFields,
});
export type SiteInput = z.infer<typeof siteSchema>;

export const siteUpdateSchema = z.extend(siteSchema, { version: versionField });
export type SiteUpdateInput = z.infer<typeof siteUpdateSchema>;
