/** Site details: one record, created once (POST) and then updated (PATCH) with its version. */
import type { SiteBranding, SiteInput, SiteSettings, SiteUpdateInput } from '../../shared/schemas/site';
import { DEFAULT_SLUG_STYLE } from '../../shared/slug';
import { mediaRefs, mediaUrl, requireVerifiedAssets } from '../asset/references';
import { auditAction, createdFields, diffFields } from '../audit/record';
import { firstVersion } from '../lib/db/records';
import { notFound } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import type { AuthUser } from '../user/auth-user';
import { getSite, insertSite, replaceSite, type SiteRecord } from './model';

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

/** What an audit entry of a site change compares: every field a person sets. */
const AUDITED_FIELDS = [
  'siteName',
  'siteLogo',
  'siteFavicon',
  'googleAnalytics',
  'facebookAnalytics',
  'footerCopyright',
  'facebookProfile',
  'twitterProfile',
  'instagramProfile',
  'linkedInProfile',
  'seo',
  'slugStyle',
  'previewUrl',
] as const satisfies readonly (keyof SiteRecord)[];

const auditTarget = (site: SiteRecord) => ({ type: 'site' as const, id: site._id, name: site.siteName });

/**
 * The site as the settings form shows it: logo and favicon with their file names, which the form would
 * otherwise ask GET /asset/{id} for (open only to their uploader and to readers of assets).
 */
async function withFileNames(site: SiteRecord): Promise<SiteSettings> {
  const files = await mediaRefs([site.siteLogo?._id, site.siteFavicon?._id]);
  const named = (file: SiteRecord['siteLogo']) => (file ? { ...file, name: files[file._id]?.name ?? '' } : null);
  return {
    ...site,
    siteLogo: named(site.siteLogo),
    siteFavicon: named(site.siteFavicon),
    slugStyle: site.slugStyle ?? DEFAULT_SLUG_STYLE,
    previewUrl: site.previewUrl ?? '',
  };
}

export async function readSite() {
  const site = await getSite();
  return site ? withFileNames(site) : null;
}

/** Public branding for the login page and the app shell (CONTRACT.md §7 siteDetail). */
export async function siteDetail(): Promise<SiteBranding | null> {
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

export async function createSite(actor: AuthUser, input: SiteInput, ip: string) {
  const now = nowIso();
  const site: SiteRecord = {
    _id: newId(),
    ...fields(input),
    slugStyle: input.slugStyle ?? DEFAULT_SLUG_STYLE,
    previewUrl: input.previewUrl ?? '',
    ...(await branding(input)),
    ...firstVersion(now),
  };
  await insertSite(site);
  await auditAction(actor, ip, 'siteUpdated', auditTarget(site), { changes: createdFields(site, AUDITED_FIELDS) });
  return withFileNames(site);
}

export async function updateSite(actor: AuthUser, id: string, input: SiteUpdateInput, ip: string) {
  const current = await getSite();
  if (current?._id !== id) throw notFound('No such site record');
  const next: SiteRecord = {
    ...current,
    ...fields(input),
    // Left out of a PATCH: the style stays as it was.
    slugStyle: input.slugStyle ?? current.slugStyle,
    // Left out of a PATCH (a client from before the setting): the template stays as it was.
    previewUrl: input.previewUrl ?? current.previewUrl ?? '',
    ...(await branding(input)),
    updatedAt: nowIso(),
    version: input.version + 1,
  };
  await replaceSite(next, input.version);
  await auditAction(actor, ip, 'siteUpdated', auditTarget(next), {
    // A record from before the preview link had none: '' is no change.
    changes: diffFields({ ...current, previewUrl: current.previewUrl ?? '' }, next, AUDITED_FIELDS),
  });
  return withFileNames(next);
}
