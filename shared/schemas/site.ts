/** Site details (SPEC §3, §5): the one site record, its branding and SEO. */
import { idField, linkField, optionalText, requiredSeoFields, requiredText, versionField } from './common';
import * as z from './z';

/** A link to a profile page on another site: empty, or an http(s) URL (a path on our site makes no sense). */
const profileUrl = linkField({ max: 500, absoluteOnly: true, message: 'Enter a link starting with https://' });

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
