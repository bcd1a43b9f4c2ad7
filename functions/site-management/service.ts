/** Site details: one record, created once (POST) and then updated (PATCH) with its version. */
import type { SiteInput, SiteUpdateInput } from '../../shared/schemas/site';
import { mediaUrl, requireVerifiedAssets } from '../asset/references';
import { notFound } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { getSite, insertSite, replaceSite, type SiteRecord } from './repo';

/** Logo and favicon must be verified uploads made for them (null removes one). */
async function branding(input: SiteInput): Promise<Pick<SiteRecord, 'siteLogo' | 'siteFavicon'>> {
  const pick = async (id: string | null | undefined, purpose: 'site-logo' | 'site-favicon') => {
    if (!id) return null;
    const asset = (await requireVerifiedAssets([id], [purpose])).get(id);
    return asset ? { _id: asset._id, url: mediaUrl(asset.key) } : null;
  };
  return {
    siteLogo: await pick(input.siteLogo, 'site-logo'),
    siteFavicon: await pick(input.siteFavicon, 'site-favicon'),
  };
}

function fields(input: SiteInput) {
  return {
    siteName: input.siteName,
    googleAnalytics: input.googleAnalytics ?? '',
    facebookAnalytics: input.facebookAnalytics ?? '',
    footerCopyright: input.footerCopyright ?? '',
    facebookProfile: input.facebookProfile ?? '',
    twitterProfile: input.twitterProfile ?? '',
    instagramProfile: input.instagramProfile ?? '',
    linkedInProfile: input.linkedInProfile ?? '',
    seo: {
      title: input.seo.title,
      description: input.seo.description,
      metaTags: [{ property: 'keywords', content: input.seo.metaTags?.[0]?.content ?? '' }],
    },
  };
}

export async function readSite(): Promise<SiteRecord | null> {
  return (await getSite()) ?? null;
}

/** Public branding for the login page and the app shell (SPEC §7 siteDetail). */
export async function siteDetail() {
  const site = await getSite();
  if (!site) return null;
  return {
    _id: site._id,
    siteName: site.siteName,
    siteLogo: site.siteLogo ? { url: site.siteLogo.url } : null,
    siteFavicon: site.siteFavicon ? { url: site.siteFavicon.url } : null,
    seo: { title: site.seo?.title ?? '' },
  };
}

export async function createSite(input: SiteInput): Promise<SiteRecord> {
  const now = nowIso();
  const site: SiteRecord = {
    _id: newId(),
    ...fields(input),
    ...(await branding(input)),
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await insertSite(site);
  return site;
}

export async function updateSite(id: string, input: SiteUpdateInput): Promise<SiteRecord> {
  const current = await getSite();
  if (current?._id !== id) throw notFound('No such site record');
  const next: SiteRecord = {
    ...current,
    ...fields(input),
    ...(await branding(input)),
    updatedAt: nowIso(),
    version: input.version + 1,
  };
  await replaceSite(next, input.version);
  return next;
}
