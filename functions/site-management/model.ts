/**
 * The site's settings, as stored: one item (`SITE` / `SITE`), created once and then replaced at the version read.
 * The record keeps an `_id` of its own, which PATCH /site-management/{id} addresses: a replacement lands only on
 * the record of that id.
 */
import type { SiteFile, SiteSettings } from '../../shared/schemas/site';
import { DEFAULT_SLUG_STYLE, type SlugStyle } from '../../shared/slug';
import { defineSingleton } from '../lib/db/singleton';

/** The site as stored: logo and favicon without their file names (read from the assets when shown). */
export interface SiteRecord extends Omit<SiteSettings, 'siteLogo' | 'siteFavicon' | 'previewUrl'> {
  siteLogo: Omit<SiteFile, 'name'> | null;
  siteFavicon: Omit<SiteFile, 'name'> | null;
  /** Absent on a record saved before the setting existed: no preview link. */
  previewUrl?: string;
}

export const siteModel = /* @__PURE__ */ defineSingleton<SiteRecord>({
  key: { pk: 'SITE', sk: 'SITE' },
  takenMessage: 'The site details already exist; update them instead',
});

export const siteKey = () => siteModel.key;

export const getSite = () => siteModel.get();

export const insertSite = (site: SiteRecord) => siteModel.insert(site);

/** Replaces the site record if it is still the one of this id at `expectedVersion` (else 409, nothing written). */
export const replaceSite = (next: SiteRecord, expectedVersion: number) =>
  siteModel.replace(next, expectedVersion, {
    expression: '#id = :id',
    names: { '#id': '_id' },
    values: { ':id': next._id },
  });

/** How slugs are made from titles and names (the site setting; native before the site is set up or set). */
export async function siteSlugStyle(): Promise<SlugStyle> {
  return (await getSite())?.slugStyle ?? DEFAULT_SLUG_STYLE;
}

/** The preview link template (shared/schemas/preview.ts), '' when none is set or the site is not set up. */
export async function sitePreviewUrl(): Promise<string> {
  return (await getSite())?.previewUrl ?? '';
}
