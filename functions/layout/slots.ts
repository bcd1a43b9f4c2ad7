/**
 * The home layout's article slots, as other resources need them: an article that leaves the site (retracted,
 * or unpublished by a save) is taken out of every slot it occupied. Kept apart from the layout routes so the
 * cms Lambda bundles only this.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db/client';
import { HOME_LAYOUT_ID, layoutKey } from '../lib/db/layout-keys';
import { replaceRecord } from '../lib/db/records';
import { HttpError } from '../lib/errors';
import { nowIso } from '../lib/ids';

export interface LayoutSection {
  type: string;
  category?: string | null;
  articles: string[];
  name: string;
  template: string;
  color: string;
}

export interface LayoutBody {
  headlines: string[];
  topStory: string[];
  coverStory: string | null;
  sections: LayoutSection[];
}

export interface LayoutRecord {
  _id: string;
  name: string;
  body: LayoutBody;
  updatedAt: string;
  updatedBy: string | null;
  version: number;
}

export async function getLayoutItem(id = HOME_LAYOUT_ID): Promise<LayoutRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: layoutKey(id), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { pk: _pk, sk: _sk, ...layout } = out.Item;
  return layout as LayoutRecord;
}

/** The body without `articleId` anywhere; undefined when it was in no slot. */
export function withoutArticle(body: LayoutBody, articleId: string): LayoutBody | undefined {
  const keep = (ids: string[]) => ids.filter((id) => id !== articleId);
  const next: LayoutBody = {
    headlines: keep(body.headlines),
    topStory: keep(body.topStory),
    coverStory: body.coverStory === articleId ? null : body.coverStory,
    sections: body.sections.map((s) => ({ ...s, articles: keep(s.articles) })),
  };
  return JSON.stringify(next) === JSON.stringify(body) ? undefined : next;
}

/** Removes an article from every home-page slot (retrying when a curator saves the layout at the same moment). */
export async function removeArticleFromLayout(articleId: string, id = HOME_LAYOUT_ID): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const layout = await getLayoutItem(id);
    const body = layout && withoutArticle(layout.body, articleId);
    if (!layout || !body) return false;
    try {
      await replaceRecord(
        { ...layoutKey(id), ...layout, body, updatedAt: nowIso(), version: layout.version + 1 },
        layout.version,
      );
      return true;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    }
  }
  throw new Error(`Could not take article ${articleId} out of the ${id} layout after 5 attempts`);
}
