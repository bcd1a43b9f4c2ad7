/** DynamoDB access for the single site record. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SiteFile, SiteSettings } from '../../shared/schemas/site';
import { db, isConditionFailure, tableName } from '../lib/db/client';
import { conflict, staleVersion } from '../lib/errors';
import { siteKey } from './keys';

/** The site as stored: logo and favicon without their file names (read from the assets when shown). */
export interface SiteRecord extends Omit<SiteSettings, 'siteLogo' | 'siteFavicon'> {
  siteLogo: Omit<SiteFile, 'name'> | null;
  siteFavicon: Omit<SiteFile, 'name'> | null;
}

const strip = (item: Record<string, unknown>): SiteRecord => {
  const { pk: _pk, sk: _sk, ...site } = item;
  return site as unknown as SiteRecord;
};

export async function getSite(): Promise<SiteRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: siteKey(), ConsistentRead: true }));
  return out.Item ? strip(out.Item) : undefined;
}

export async function insertSite(site: SiteRecord): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...siteKey(), ...site },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('The site details already exist; update them instead');
    throw error;
  }
}

/** Replaces the site record if it is still at `expectedVersion` (else 409, nothing written). */
export async function replaceSite(next: SiteRecord, expectedVersion: number): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...siteKey(), ...next },
        ConditionExpression: '#id = :id AND #version = :expected',
        ExpressionAttributeNames: { '#id': '_id', '#version': 'version' },
        ExpressionAttributeValues: { ':id': next._id, ':expected': expectedVersion },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw staleVersion();
    throw error;
  }
}
