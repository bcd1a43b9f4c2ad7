/** The site record is a singleton that site.test.ts expects to create itself: a test file that needs it uses this. */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { db, tableName } from '../../functions/lib/db/client';
import { getSite, type SiteRecord, siteKey } from '../../functions/site-management/model';
import { call } from './helpers';

export const siteForm = (extra: Record<string, unknown> = {}) => ({
  siteName: 'The Daily Planet',
  seo: { title: 'Daily Planet', description: 'Metropolis news', metaTags: [{ content: 'news' }] },
  ...extra,
});

/** Makes sure a site record exists for the file's tests (made with `token()`), and removes one made here. */
export function withSiteRecord(token: () => string): void {
  let madeHere = false;
  beforeAll(async () => {
    if (await getSite()) return;
    const res = await call('POST', '/site-management', { token: token(), body: siteForm() });
    if (res.status !== 201) throw new Error(`site not created: ${res.status} ${JSON.stringify(res.body)}`);
    madeHere = true;
  });
  afterAll(async () => {
    if (madeHere) await db().send(new DeleteCommand({ TableName: tableName(), Key: siteKey() }));
  });
}

/** The PATCH body that saves the stored site as it is, with `extra` changed. */
export const siteBodyOf = (site: SiteRecord, extra: Record<string, unknown> = {}) => ({
  version: site.version,
  siteName: site.siteName,
  siteLogo: site.siteLogo?._id ?? null,
  siteFavicon: site.siteFavicon?._id ?? null,
  googleAnalytics: site.googleAnalytics,
  facebookAnalytics: site.facebookAnalytics,
  footerCopyright: site.footerCopyright,
  facebookProfile: site.facebookProfile,
  twitterProfile: site.twitterProfile,
  instagramProfile: site.instagramProfile,
  linkedInProfile: site.linkedInProfile,
  seo: {
    title: site.seo.title,
    description: site.seo.description,
    metaTags: [{ content: site.seo.metaTags[0]?.content ?? '' }],
  },
  ...extra,
});

export async function storedSite(): Promise<SiteRecord> {
  const site = await getSite();
  if (!site) throw new Error('no site record');
  return site;
}
