/**
 * The home page's layout, as stored: one item (`LAYOUT#home` / `LAYOUT`, CONTRACT.md §3 Layout for 'home'), created
 * empty on its first read and replaced at the version read. Its slots name articles and categories by id; an
 * article that leaves the published ones is taken out of them (removeArticleFromLayout).
 */
import type { SectionType, TemplateValue } from '../../shared/schemas/layout';
import { defineSingleton } from '../lib/db/singleton';
import { HttpError } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';

export interface LayoutSection {
  type: SectionType;
  category?: string | null;
  articles: string[];
  name: string;
  template: TemplateValue;
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

export const HOME_LAYOUT_ID = 'home';
/** Layouts are keyed by the page they lay out; the home page's is the only one. */
export const layoutKey = (id: string) => ({ pk: `LAYOUT#${id}`, sk: 'LAYOUT' });

export const homeLayoutModel = /* @__PURE__ */ defineSingleton<LayoutRecord>({
  key: layoutKey(HOME_LAYOUT_ID),
  takenMessage: 'The layout already exists',
});

const EMPTY_BODY: LayoutBody = { headlines: [], topStory: [], coverStory: null, sections: [] };

const isConflict = (error: unknown) => error instanceof HttpError && error.status === 409;

export const getLayoutItem = () => homeLayoutModel.get();

/** The singleton, created empty on first read (two first reads at once both end up with the same record). */
export async function getOrCreateHomeLayout(): Promise<LayoutRecord> {
  const existing = await getLayoutItem();
  if (existing) return existing;
  const layout: LayoutRecord = {
    _id: newId(),
    name: HOME_LAYOUT_ID,
    body: EMPTY_BODY,
    updatedAt: nowIso(),
    updatedBy: null,
    version: 1,
  };
  try {
    await homeLayoutModel.insert(layout);
    return layout;
  } catch (error) {
    if (!isConflict(error)) throw error;
    const created = await getLayoutItem();
    if (!created) throw error;
    return created;
  }
}

/** Replaces the layout if it is still at `expectedVersion` (409 stale otherwise). */
export const replaceLayout = (next: LayoutRecord, expectedVersion: number) =>
  homeLayoutModel.replace(next, expectedVersion);

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
export async function removeArticleFromLayout(articleId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const layout = await getLayoutItem();
    const body = layout && withoutArticle(layout.body, articleId);
    if (!layout || !body) return false;
    try {
      await replaceLayout({ ...layout, body, updatedAt: nowIso(), version: layout.version + 1 }, layout.version);
      return true;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
  throw new Error(`Could not take article ${articleId} out of the ${HOME_LAYOUT_ID} layout after 5 attempts`);
}
