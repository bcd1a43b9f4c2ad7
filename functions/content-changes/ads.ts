/**
 * The ads readers may be shown (published/ads.ts), made again from an ad when it changes: put while it is not in
 * the trash and has not ended, deleted otherwise. Nothing to purge and no event: ad decisions are never cached.
 */

import { randomUUID } from 'node:crypto';
import { isSafeAbsoluteLink } from '../../shared/links';
import { srcSetOf } from '../../shared/renditions';
import { getAdvertisement } from '../advertisement/model';
import { mediaRefs } from '../asset/references';
import { deleteOne, putOne } from '../lib/db/records';
import { adsChangedKey, type PublishedAd, publishedAdKey, unendedAds } from '../published/ads';
import { sitePreviewUrl } from '../site-management/model';

/** The items go a day after the ad ends (TTL, epoch seconds): a late click still finds where it leads. */
const KEEP_AFTER_END_SECONDS = 86_400;

/** The site's own address, from its preview link template (shared/schemas/preview.ts): what site paths hang off. */
async function siteOrigin(): Promise<string | undefined> {
  const template = await sitePreviewUrl();
  if (!template) return undefined;
  try {
    return new URL(template.replaceAll('{slug}', 'x').replaceAll('{token}', 'x')).origin;
  } catch {
    return undefined;
  }
}

/** Where a click on an ad linking to `url` goes: an absolute link as stored, a site path on the site's address. */
export function clickTarget(url: string, origin: string | undefined): string | null {
  if (!url) return null;
  if (isSafeAbsoluteLink(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//') && origin) return new URL(url, origin).href;
  return null;
}

/** Tells the decisions that the ads changed (published/ads.ts, adsChangedKey). */
const noteChange = () => putOne({ ...adsChangedKey(), at: Date.now(), change: randomUUID() });

/** Makes ad `id`'s published item agree with the ad. */
export async function projectAd(id: string, now = Date.now()): Promise<void> {
  const ad = await getAdvertisement(id);
  // An ended ad stays as long as its TTL would keep it (a late click still finds its link); decisions skip it.
  if (!ad || Date.parse(ad.endDate) + KEEP_AFTER_END_SECONDS * 1000 <= now) {
    if (await deleteOne(publishedAdKey(id))) await noteChange();
    return;
  }
  const [media, origin] = await Promise.all([mediaRefs(ad.images.map((i) => i.file)), siteOrigin()]);
  const images: PublishedAd['images'] = {};
  const srcsets: NonNullable<PublishedAd['srcsets']> = {};
  for (const image of ad.images) {
    const file = media[image.file];
    if (file?.url) images[image.screenType] = file.url;
    if (file?.renditions?.length) srcsets[image.screenType] = srcSetOf(file.renditions);
  }
  const published: PublishedAd = {
    id,
    title: ad.title,
    position: ad.position,
    categories: ad.categories,
    home: ad.isFeatured,
    startDate: ad.startDate,
    endDate: ad.endDate,
    cap: ad.maxImpressionAllowed,
    target: clickTarget(ad.url, origin),
    images,
    srcsets,
  };
  await putOne({
    ...publishedAdKey(id),
    ...published,
    expiresAt: Math.floor(Date.parse(ad.endDate) / 1000) + KEEP_AFTER_END_SECONDS,
  });
  await noteChange();
}

/** Every ad not ended made again (the site's address changed: the links to its pages move with it). */
export async function projectUnendedAds(): Promise<void> {
  const ads = await unendedAds(new Date().toISOString());
  for (let i = 0; i < ads.length; i += 8) await Promise.all(ads.slice(i, i + 8).map((ad) => projectAd(ad.id)));
}
