/**
 * The public copies of everything but articles, each made again whole from its records as they are now: the site,
 * the home page, the menus, breaking news, each e-paper edition and each category. Each returns the paths to purge
 * and the event to send when what readers get changed (an unchanged copy, same ETag, purges nothing).
 */
import { MENU_NAMES } from '../../shared/constants';
import type { ContentEventName } from '../../shared/content-events';
import type {
  PublicBreakingNews,
  PublicCard,
  PublicCategory,
  PublicCategoryRef,
  PublicEpaper,
  PublicHome,
  PublicMenu,
  PublicMenuItem,
  PublicSite,
} from '../../shared/schemas/content';
import type { MenuItem } from '../../shared/schemas/menu';
import { mediaRefs } from '../asset/references';
import { breakingNewsModel } from '../breaking-news/model';
import { categoryModel } from '../category/model';
import { epaperModel } from '../epaper/model';
import { getLayoutItem, type LayoutBody } from '../home-layout/model';
import { batchGet } from '../lib/db/records';
import { activeMenuId, menuModel, menuTitle } from '../menu/model';
import {
  DOCS,
  FEEDS,
  feedItem,
  feedKeys,
  feedPartition,
  feedSortKey,
  putDoc,
  readDocStates,
  writeItems,
} from '../published/model';
import { PUBLIC_PATHS } from '../published/public-paths';
import { getSite } from '../site-management/model';
import type { ArticleState } from './articles';

/** What one projection changed. */
export interface Outcome {
  paths: string[];
  events: { event: ContentEventName; data: Record<string, unknown> }[];
}

const NOTHING: Outcome = { paths: [], events: [] };
const changed = (path: string, event: ContentEventName, data: Record<string, unknown> = {}): Outcome => ({
  paths: [path],
  events: [{ event, data }],
});

/** Categories by id, as cards and menus name them. */
async function categoriesById(ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, PublicCategoryRef>();
  const found = (await batchGet(unique.map(categoryModel.key), true)).map(categoryModel.recordOf);
  return new Map(found.map((c) => [c._id, { name: c.name, slug: c.slug }]));
}

export async function projectSite(): Promise<Outcome> {
  const site = await getSite();
  const shown: PublicSite | undefined = site && {
    siteName: site.siteName,
    logo: site.siteLogo ? { url: site.siteLogo.url } : null,
    favicon: site.siteFavicon ? { url: site.siteFavicon.url } : null,
    seo: site.seo,
    footerCopyright: site.footerCopyright,
    googleAnalytics: site.googleAnalytics,
    facebookAnalytics: site.facebookAnalytics,
    social: {
      facebook: site.facebookProfile,
      twitter: site.twitterProfile,
      instagram: site.instagramProfile,
      linkedIn: site.linkedInProfile,
    },
  };
  const moved = await putDoc(DOCS.site, shown && JSON.stringify(shown));
  return moved ? changed(PUBLIC_PATHS.site, 'site.changed') : NOTHING;
}

/** The ids a layout places. */
const layoutArticleIds = (body: LayoutBody) => [
  ...new Set([
    ...body.headlines,
    ...body.topStory,
    ...(body.coverStory ? [body.coverStory] : []),
    ...body.sections.flatMap((s) => s.articles),
  ]),
];

interface HomeState {
  articleIds: string[];
}

/** Whether the home page places any of articles `ids` (as its last copy was made): one read. */
export async function homeHoldsAny(ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const home = (await readDocStates<HomeState>([DOCS.home], true)).get(DOCS.home);
  const placed = new Set(home?.state?.articleIds ?? []);
  return ids.some((id) => placed.has(id));
}

/** The home page, its cards those of the articles' public copies (an article not published is left out). */
export async function projectHome(): Promise<Outcome> {
  const layout = await getLayoutItem();
  if (!layout) {
    const moved = await putDoc(DOCS.home, undefined);
    return moved ? changed(PUBLIC_PATHS.home, 'home.changed') : NOTHING;
  }
  const { body } = layout;
  const ids = layoutArticleIds(body);
  const [states, categories] = await Promise.all([
    readDocStates<ArticleState>(ids.map(DOCS.article), true),
    categoriesById(body.sections.flatMap((s) => (s.category ? [s.category] : []))),
  ]);
  const cardOf = (id: string): PublicCard[] => {
    const card = states.get(DOCS.article(id))?.state?.card;
    return card ? [card] : [];
  };
  const shown: PublicHome = {
    headlines: body.headlines.flatMap(cardOf),
    topStory: body.topStory.flatMap(cardOf),
    coverStory: body.coverStory ? (cardOf(body.coverStory)[0] ?? null) : null,
    sections: body.sections.map((s) => ({
      name: s.name,
      type: s.type,
      template: s.template,
      color: s.color,
      category: s.category ? (categories.get(s.category) ?? null) : null,
      articles: s.articles.flatMap(cardOf),
    })),
  };
  const moved = await putDoc(DOCS.home, JSON.stringify(shown), { articleIds: ids } satisfies HomeState);
  return moved ? changed(PUBLIC_PATHS.home, 'home.changed') : NOTHING;
}

/** A menu's items as a tree, categories linking to their pages (an item of a category gone is left out). */
function menuTree(items: readonly MenuItem[], categories: Map<string, PublicCategoryRef>): PublicMenuItem[] {
  const nodes = new Map<string, PublicMenuItem>();
  const roots: PublicMenuItem[] = [];
  for (const item of items) {
    const category = item.menuType === 'category' ? categories.get(item.itemId) : undefined;
    if (item.menuType === 'category' && !category) continue;
    const node: PublicMenuItem = {
      title: item.title,
      url: category ? PUBLIC_PATHS.category(category.slug).replace(/\*$/, '') : item.url,
      type: item.menuType,
      category: category ?? null,
      children: [],
    };
    nodes.set(item.itemId, node);
    const parent = item.parent === null ? undefined : nodes.get(item.parent);
    if (item.parent === null) roots.push(node);
    else parent?.children.push(node);
  }
  return roots;
}

/** Each menu name's active menu as a tree (no active menu: no menu, 404). */
export async function projectMenus(): Promise<Outcome> {
  const outcomes = await Promise.all(
    MENU_NAMES.map(async ({ value: name }): Promise<Outcome> => {
      const id = await activeMenuId(name);
      const menu = id ? await menuModel.get(id, true) : undefined;
      let shown: PublicMenu | undefined;
      if (menu?.active) {
        const categories = await categoriesById(
          menu.items.filter((i) => i.menuType === 'category').map((i) => i.itemId),
        );
        shown = { name, title: menuTitle(name), items: menuTree(menu.items, categories) };
      }
      const moved = await putDoc(DOCS.menu(name), shown && JSON.stringify(shown));
      return moved ? changed(PUBLIC_PATHS.menu(name), 'menu.changed', { name }) : NOTHING;
    }),
  );
  return merge(outcomes);
}

/** The breaking news that is on (Enable), newest first. */
export async function projectBreakingNews(): Promise<Outcome> {
  const all = await breakingNewsModel.all(500);
  const shown: PublicBreakingNews[] = all
    .filter((b) => b.status === 'Enable')
    .map((b) => ({ id: b._id, title: b.title, url: b.url || null, createdAt: b.createdAt }));
  const moved = await putDoc(DOCS.breakingNews, JSON.stringify(shown));
  return moved ? changed(PUBLIC_PATHS.breakingNews, 'breaking-news.changed') : NOTHING;
}

interface EpaperState {
  sortKey: string;
}

/** An edition in the e-paper feed while it is Published, with its PDF's address; out of it otherwise. */
export async function projectEpaper(id: string): Promise<Outcome> {
  const name = DOCS.epaper(id);
  const [edition, states] = await Promise.all([epaperModel.get(id, true), readDocStates<EpaperState>([name], true)]);
  const before = states.get(name)?.state;
  let shown: PublicEpaper | undefined;
  if (edition?.status === 'Published') {
    const pdf = (await mediaRefs([edition.file]))[edition.file];
    if (pdf) {
      shown = {
        id,
        title: edition.title,
        slug: edition.slug,
        publishDate: edition.publishDate,
        pdf: { url: pdf.url },
        seo: edition.seo,
      };
    }
  }
  const after: EpaperState | undefined = shown && { sortKey: feedSortKey(shown.publishDate, id) };
  const moved = await putDoc(name, shown && JSON.stringify(shown), after);
  if (!moved && before?.sortKey === after?.sortKey) return NOTHING;
  const deletes =
    before && before.sortKey !== after?.sortKey ? [{ pk: feedPartition(FEEDS.epapers), sk: before.sortKey }] : [];
  const puts = shown && after ? [feedItem(FEEDS.epapers, after.sortKey, shown)] : [];
  await writeItems(puts, deletes);
  return changed(PUBLIC_PATHS.epapers, 'epaper.changed', { id, ...(shown ? { slug: shown.slug } : {}) });
}

interface CategoryState {
  slug: string;
  name: string;
}

/**
 * A category's page (`CAT#<slug>`) while it is live and active. What else shows its name or slug (cards, menus,
 * home sections) is made again by the caller when `renamed`.
 */
export async function projectCategory(
  id: string,
  oldSlug?: string,
): Promise<Outcome & { renamed: boolean; feedSlug?: string }> {
  const category = await categoryModel.get(id, true);
  const idName = DOCS.categoryId(id);
  const before = (await readDocStates<CategoryState>([idName], true)).get(idName)?.state;
  let shown: PublicCategory | undefined;
  if (category?.active) {
    const parent = category.parent ? (await categoriesById([category.parent])).get(category.parent) : undefined;
    const file = category.image ? (await mediaRefs([category.image._id]))[category.image._id] : undefined;
    const image = category.image
      ? {
          url: category.image.url,
          alt: file?.alt || category.name,
          ...(file?.renditions ? { width: file.width, height: file.height, renditions: file.renditions } : {}),
        }
      : null;
    shown = {
      id,
      name: category.name,
      slug: category.slug,
      parent: parent ?? null,
      description: category.description,
      image,
      seo: category.seo,
    };
  }
  const after: CategoryState | undefined = shown && { slug: shown.slug, name: shown.name };
  const paths = new Set<string>();
  const slugs = new Set([before?.slug, oldSlug].filter((s): s is string => Boolean(s)));
  for (const slug of slugs) {
    if (slug === after?.slug) continue;
    if (await putDoc(DOCS.category(slug), undefined)) paths.add(PUBLIC_PATHS.category(slug));
  }
  if (shown && (await putDoc(DOCS.category(shown.slug), JSON.stringify(shown)))) {
    paths.add(PUBLIC_PATHS.category(shown.slug));
  }
  await putDoc(idName, after && JSON.stringify(after), after);
  const renamed = before?.slug !== after?.slug || before?.name !== after?.name;
  // Its articles' cards are in the feed of the slug the category had.
  return { paths: [...paths], events: [], renamed, feedSlug: before?.slug ?? oldSlug ?? after?.slug };
}

/** The articles in a category's feed, by the slug it was kept under (their cards name it): to make again after a rename. */
export async function* articlesOfCategory(slug: string): AsyncGenerator<string[]> {
  for await (const keys of feedKeys(FEEDS.category(slug))) yield keys.map((sk) => sk.slice(sk.indexOf('#') + 1));
}

export function merge(outcomes: readonly Outcome[]): Outcome {
  return { paths: outcomes.flatMap((o) => o.paths), events: outcomes.flatMap((o) => o.events) };
}
