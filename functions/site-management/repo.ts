/** DynamoDB access for the single site record. */
import { PutCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import type { SiteFile, SiteSettings } from '../../shared/schemas/site';
import { DEFAULT_SLUG_STYLE, type SlugStyle } from '../../shared/slug';
import { conditionalWrite, db, tableName } from '../lib/db/client';
import { getRecord } from '../lib/db/records';
import { conflict, staleVersion } from '../lib/errors';
import { siteKey } from './keys';

/** The site as stored: logo and favicon without their file names (read from the assets when shown). */
export interface SiteRecord extends Omit<SiteSettings, 'siteLogo' | 'siteFavicon'> {
  siteLogo: Omit<SiteFile, 'name'> | null;
  siteFavicon: Omit<SiteFile, 'name'> | null;
}

export const getSite = () => getRecord<SiteRecord>(siteKey(), true);

/** Puts the site record when `condition` holds: false when it does not. */
const putSiteIf = (site: SiteRecord, condition: Omit<PutCommandInput, 'TableName' | 'Item'>) =>
  conditionalWrite(
    db().send(new PutCommand({ TableName: tableName(), Item: { ...siteKey(), ...site }, ...condition })),
  );

export async function insertSite(site: SiteRecord): Promise<void> {
  const written = await putSiteIf(site, { ConditionExpression: 'attribute_not_exists(pk)' });
  if (!written) throw conflict('The site details already exist; update them instead');
}

/** Replaces the site record if it is still at `expectedVersion` (else 409, nothing written). */
export async function replaceSite(next: SiteRecord, expectedVersion: number): Promise<void> {
  const written = await putSiteIf(next, {
    ConditionExpression: '#id = :id AND #version = :expected',
    ExpressionAttributeNames: { '#id': '_id', '#version': 'version' },
    ExpressionAttributeValues: { ':id': next._id, ':expected': expectedVersion },
  });
  if (!written) throw staleVersion();
}

/** How slugs are made from titles and names (the site setting; native before the site is set up or set). */
export async function siteSlugStyle(): Promise<SlugStyle> {
  return (await getSite())?.slugStyle ?? DEFAULT_SLUG_STYLE;
}
