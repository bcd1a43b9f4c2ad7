/** Site details (CONTRACT.md §3, §5): the one site record, its branding and SEO. */
import { SLUG_STYLES, type SlugStyle } from '../slug';
import {
  idField,
  linkField,
  optionalText,
  requiredSeoFields,
  requiredText,
  type SeoView,
  versionField,
} from './common';
import { previewUrlField } from './preview';
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
  /** How slugs are made from titles and names: in their own script, or Indic and Urdu in Latin letters. */
  slugStyle: z.optional(z.enum(SLUG_STYLES, 'Choose native or latin slugs')),
  /**
   * Where the newsroom's site shows a preview of an unpublished article: '' for none (the editor's own preview),
   * or a template holding {slug} and {token} (shared/schemas/preview.ts). Left out of a PATCH, it stays as it was.
   */
  previewUrl: previewUrlField,
});
export type SiteInput = z.infer<typeof siteSchema>;

export const siteUpdateSchema = z.extend(siteSchema, { version: versionField });
export type SiteUpdateInput = z.infer<typeof siteUpdateSchema>;

// ---- What the API returns (types only) ----

/** The logo or favicon: a verified upload's id and public URL, and the original file name for the form. */
export interface SiteFile {
  _id: string;
  url: string;
  name: string;
}

/** GET /site-management (null before the site is set up), and what the writes return. */
export interface SiteSettings {
  _id: string;
  siteName: string;
  siteLogo: SiteFile | null;
  siteFavicon: SiteFile | null;
  googleAnalytics: string;
  facebookAnalytics: string;
  footerCopyright: string;
  facebookProfile: string;
  twitterProfile: string;
  instagramProfile: string;
  linkedInProfile: string;
  seo: SeoView;
  /** How slugs are made (shared/slug.ts); `native` for a record saved before the setting existed. */
  slugStyle: SlugStyle;
  /** The preview link template, '' when none is set (the editor then previews in the admin). */
  previewUrl: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** GET /site-management/siteDetail: the public branding of the sign-in page and the app shell (null before set-up). */
export interface SiteBranding {
  _id: string;
  siteName: string;
  siteLogo: { url: string } | null;
  siteFavicon: { url: string } | null;
  seo: { title: string };
}
