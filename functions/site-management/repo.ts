/** DynamoDB access for the single site record. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db/client';
import { siteKey } from '../lib/db/site-keys';

export interface SiteRecord {
  _id: string;
  siteName: string;
  siteLogo?: { _id: string; url: string };
  siteFavicon?: { _id: string; url: string };
  seo?: { title?: string; description?: string; metaTags?: { property?: string; content: string }[] };
  version: number;
}

export async function getSite(): Promise<SiteRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: siteKey() }));
  return out.Item as SiteRecord | undefined;
}
